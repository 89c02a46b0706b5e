/**
 * The career form's CV on its way (widgets/lead-form/cv-file.ts, lead-outbox.ts attemptSend),
 * against a real local HTTP server: what the form says of a chosen file before sending, how a
 * size is written, and a send with a CV: the file uploaded first as the part `resume` in the
 * form's language, the spec's JSON then naming the upload in X-Resume-Upload, the id kept for
 * every retry; a refused upload is the send's answer, and no application goes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV } from '../../contract/cv-upload.ts';
import { HEADERS } from '../../contract/http.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { cvProblem, cvUploadUrl, fileSize, refusesCv } from '../../widgets/lead-form/cv-file.ts';
import { attemptSend, type QueuedSend } from '../../widgets/lead-form/lead-outbox.ts';
import { en } from '../../widgets/i18n/en.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const seen: Seen[] = [];
/** What the server answers the next upload: 201 with an id, or a refusal. */
let uploadAnswer: { status: number; body: unknown } = { status: 201, body: { success: true, upload: 'up-1', name: 'cv.pdf', size: 5, type: 'application/pdf' } };
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = path === '/uploadResume' ? uploadAnswer : { status: 200, body: { success: true, message: 'Application received' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (file: File): QueuedSend => ({
  key: 'cv-send-0123456789abcdef',
  kind: 'career',
  url: `${base}/addQuery?utm_source=whatsapp`,
  body: { ...VALID_CAREER },
  headers: { [HEADERS.noticeVersion]: '2026-11-26', [HEADERS.language]: 'hi' },
  challengeUrl: `${base}/altcha-challenge`,
  queuedAt: Date.now(),
  state: 'waiting',
  cv: { file },
});

describe('the CV before sending', () => {
  it('refuses a file over 5 MB, or one neither named nor typed as a PDF, DOC or DOCX, with the service sentence in the form language', () => {
    expect(cvProblem({ name: 'cv.pdf', size: CV.maxBytes, type: 'application/pdf' }, MESSAGES)).toBeUndefined();
    expect(cvProblem({ name: 'cv.pdf', size: CV.maxBytes + 1, type: 'application/pdf' }, MESSAGES)).toBe(MESSAGES.cvTooLarge(5));
    expect(cvProblem({ name: 'cv.pdf', size: 6 * 1024 * 1024, type: '' }, MESSAGES_HI)).toBe(MESSAGES_HI.cvTooLarge(5));
    expect(cvProblem({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' }, MESSAGES)).toBe(MESSAGES.cvType);
    expect(cvProblem({ name: 'CV.DOCX', size: 10, type: '' }, MESSAGES)).toBeUndefined();
    expect(cvProblem({ name: 'cv.doc', size: 10, type: '' }, MESSAGES)).toBeUndefined();
    // A phone's picker may give a name without an extension: its type decides.
    expect(cvProblem({ name: 'document', size: 10, type: 'application/pdf' }, MESSAGES)).toBeUndefined();
    expect(cvProblem({ name: 'photo.jpg', size: 10, type: 'image/jpeg' }, MESSAGES_HI)).toBe(MESSAGES_HI.cvType);
  });

  it('writes a size in whole kilobytes under a megabyte, else megabytes to one decimal', () => {
    expect(fileSize(200 * 1024, en.career.cv.size)).toBe('200 KB');
    expect(fileSize(10, en.career.cv.size)).toBe('1 KB');
    expect(fileSize(6 * 1024 * 1024, en.career.cv.size)).toBe('6 MB');
    expect(fileSize(1.25 * 1024 * 1024, en.career.cv.size)).toBe('1.3 MB');
  });

  it('uploads beside the lead path of the form, without its query', () => {
    expect(cvUploadUrl('https://api.example/addQuery?partner=acme&page=%2Fcareer')).toBe('https://api.example/uploadResume');
    expect(cvUploadUrl('/addQuery')).toBe('/uploadResume');
  });
});

describe('a send with a CV', () => {
  it('uploads the file first (part resume, Content-Language), then the spec JSON names the upload; a retry names it again without uploading', async () => {
    seen.length = 0;
    const bytes = new TextEncoder().encode('%PDF-1.4 test');
    const queued = send(new File([bytes], 'Asha CV.pdf', { type: 'application/pdf' }));
    const outcome = await attemptSend(queued, { solve: false });
    expect(outcome).toMatchObject({ type: 'json', ok: true });
    expect(seen.map((s) => s.path)).toEqual(['/uploadResume', '/addQuery']);
    const [upload, lead] = seen as [Seen, Seen];
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.headers['content-language']).toBe('hi');
    const form = await new Response(new Uint8Array(upload.body), { headers: { 'content-type': upload.headers['content-type']! } }).formData();
    expect([...form.keys()]).toEqual(['resume']);
    const part = form.get('resume') as File;
    expect(part.name).toBe('Asha CV.pdf');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes);
    expect(lead.headers['x-resume-upload']).toBe('up-1');
    expect(lead.headers['content-type']).toBe('application/json');
    expect(JSON.parse(lead.body.toString())).toEqual(VALID_CAREER);
    expect(queued.cv?.upload).toBe('up-1');

    await attemptSend(queued, { solve: false });
    expect(seen.map((s) => s.path)).toEqual(['/uploadResume', '/addQuery', '/addQuery']);
    expect(seen[2]!.headers['x-resume-upload']).toBe('up-1');
    expect(seen[2]!.headers['idempotency-key']).toBe(lead.headers['idempotency-key']);
  });

  it('a refused upload is the answer, marks the CV, and no application goes', async () => {
    seen.length = 0;
    uploadAnswer = { status: 415, body: { success: false, message: MESSAGES_HI.cvType, field: 'resume' } };
    const outcome = await attemptSend(send(new File(['MZ'], 'cv.pdf')), { solve: false });
    expect(outcome).toMatchObject({ type: 'json', status: 415, ok: false });
    expect(refusesCv(outcome)).toBe(true);
    expect(seen.map((s) => s.path)).toEqual(['/uploadResume']);
  });

  it('an upload answered 201 without an id is no success: nothing else goes', async () => {
    seen.length = 0;
    uploadAnswer = { status: 201, body: { success: true } };
    const outcome = await attemptSend(send(new File(['%PDF-'], 'cv.pdf')), { solve: false });
    expect(outcome).toEqual({ type: 'invalid-response', status: 201, ok: false });
    expect(seen.map((s) => s.path)).toEqual(['/uploadResume']);
  });
});
