/** The service as the CV tests run it, and the upload as the form sends it. */
import { expect } from 'vitest';
import { CV, type CvUploadAnswer } from '../../contract/cv-upload.ts';
import { CV_UPLOAD_PATH } from '../../contract/http.ts';

/** Every lead delivered to a webhook receiver and by the team's email; no proof of work asked, no acknowledgements, uploads not limited. */
export const cvServiceEnv = (webhook: { url: string; secret: string }, smtpUrl: string) => ({
  SPAM_CHALLENGE: 'off',
  WEBHOOK_URLS: webhook.url,
  WEBHOOK_SECRET: webhook.secret,
  SMTP_URL: smtpUrl,
  NOTIFY_EMAIL_TO: 'team@example.in',
  ACK_EMAILS: 'off',
  CV_UPLOAD_RATE_LIMIT_MAX: '1000',
});

/** POST /uploadResume with one file part named CV.control. */
export function postCv(serviceUrl: string, bytes: Buffer, name: string, type = 'application/octet-stream', headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append(CV.control, new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${serviceUrl}${CV_UPLOAD_PATH}`, { method: 'POST', body: form, headers });
}

/** An upload the service takes (201), and its answer. */
export async function uploadedCv(serviceUrl: string, bytes: Buffer, name: string, type?: string): Promise<CvUploadAnswer> {
  const answer = await postCv(serviceUrl, bytes, name, type);
  expect(answer.status).toBe(201);
  return (await answer.json()) as CvUploadAnswer;
}
