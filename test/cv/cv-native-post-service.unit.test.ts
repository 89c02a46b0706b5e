/**
 * The career form's own post with a CV (multipart/form-data, issue 35), answered by the real
 * service with the built site's pages: a refused file (an executable renamed .pdf, a 6 MB
 * file) gives the form back with every value kept, the CV control marked and its message in
 * the error summary, and nothing stored; a good one is stored with the lead.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CV } from '../../contract/cv-upload.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { executable, pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { formValues } from '../helpers/fixtures.ts';
import { readDb, startServer } from '../helpers/server.ts';

const server = await startServer({ site: true, env: { SPAM_CHALLENGE: 'off' } });
afterAll(() => server.stop());

function post(values: Record<string, string>, file: { bytes: Buffer; name: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...values, lang: 'en', website: '' })) body.append(name, value);
  body.append(CV.control, new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(`${server.url}/addQuery`, { method: 'POST', body, redirect: 'manual', headers: { referer: `${server.url}/career` } });
}
const leadCount = () => readDb(server.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM leads').pluck().get()) as number;

describe("the career form's own multipart post", () => {
  it.each([
    ['an executable renamed .pdf', () => ({ bytes: executable(), name: 'cv.pdf' }), 415, MESSAGES.cvType],
    ['a 6 MB file', () => ({ bytes: Buffer.concat([pdfWithMarker('big', 1000), Buffer.alloc(6 * 1024 * 1024, 0x20)]), name: 'big.pdf' }), 413, MESSAGES.cvTooLarge(5)],
  ])('%s: the form again with every value kept, the CV marked, the message in the summary; nothing stored', async (_, file, status, message) => {
    const values = formValues('career', { email: 'native-refused@example.in', college: 'College Kept As Typed' });
    const answer = await post(values, file());
    expect(answer.status).toBe(status);
    const page = await answer.text();
    expect(page).toContain('College Kept As Typed');
    expect(page).toContain('native-refused@example.in');
    const summary = page.slice(page.indexOf('There is a problem'));
    expect(summary).toContain(message);
    expect(page).toMatch(new RegExp(`<input[^>]*name="${CV.control}"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="${CV.control}"`));
    expect(leadCount()).toBe(0);
  });

  it('a PDF is stored with the lead', async () => {
    const pdf = pdfWithMarker('native', 20_000);
    const answer = await post(formValues('career', { email: 'native-ok@example.in' }), { bytes: pdf, name: 'cv.pdf' });
    expect(answer.status).toBe(303);
    const stored = readDb(server.dataDir, (db) => db.prepare('SELECT content FROM cv_uploads WHERE lead_id IS NOT NULL').pluck().all()) as Buffer[];
    expect(stored.map((b) => sha256(b))).toEqual([sha256(pdf)]);
  });
});
