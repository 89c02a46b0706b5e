/**
 * Issue 40, finding 3: a disguised file never reaches the team, and a real one reaches it under
 * a name we make. Through the real service (SQLite), a webhook receiver and a real SMTP server:
 * - `%PDF-` followed by HTML and script named `Resume\u202Efdp.hta`, an OLE header with junk
 *   named `.msi`, and a DOCX holding `vbaProject.bin` and an `.exe` are refused (415, the
 *   sentence for a CV of a type not taken), by the upload and by a form's own post alike;
 * - a real PDF named `x\u202Efdp.hta` is taken: the team's email attaches it as
 *   `cv-<reference>.pdf`, the webhook names it so (`fileName`), and its signed link downloads
 *   under that name; the sender's name is kept as text only, without the override character.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CV } from '../../contract/cv-upload.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { docxWithMacrosAndProgram, oleJunk, pdfHtmlPolyglot, pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { cvServiceEnv, postCv, uploadedCv } from '../helpers/cv-service.ts';
import { VALID_CAREER, formValues } from '../helpers/fixtures.ts';
import { postJson, readDb, startServer } from '../helpers/server.ts';
import { headersOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { HEADERS } from '../../contract/http.ts';

const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
const smtp = await startSmtpSink();
const server = await startServer({ env: { ...cvServiceEnv({ url: receiver.url, secret }, smtp.url), CV_LINK_SECRET: 'a-test-secret-for-cv-links-0123456789' } });
afterAll(async () => {
  await server.stop();
  await receiver.stop();
  await smtp.stop();
});

const DISGUISED = [
  ['a PDF that goes on as a web page, named Resume\u202Efdp.hta', pdfHtmlPolyglot, 'Resume\u202Efdp.hta'],
  ['an OLE header with junk, named setup.msi', oleJunk, 'setup.msi'],
  ['a DOCX with vbaProject.bin and an .exe inside', () => docxWithMacrosAndProgram('macro marker'), 'cv.docx'],
] as const;

const cvRows = () => readDb(server.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM cv_uploads').pluck().get()) as number;

describe('disguised files', () => {
  it.each(DISGUISED)('%s: refused by the upload (415), nothing kept', async (_, bytes, name) => {
    const before = cvRows();
    const answer = await postCv(server.url, bytes(), name);
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ success: false, message: MESSAGES.cvType, field: CV.control });
    expect(cvRows()).toBe(before);
  });

  it.each(DISGUISED)('%s: refused in a form’s own post (415), no lead stored', async (_, bytes, name) => {
    const email = `disguised.${sha256(bytes()).slice(0, 8)}@example.in`;
    const body = new FormData();
    for (const [control, value] of Object.entries({ ...formValues('career', { email }), lang: 'en', website: '' })) body.append(control, value);
    body.append(CV.control, new Blob([new Uint8Array(bytes())]), name);
    const answer = await fetch(`${server.url}/addQuery`, { method: 'POST', body, redirect: 'manual' });
    expect(answer.status).toBe(415);
    expect(await answer.text()).toContain(MESSAGES.cvType);
    expect(readDb(server.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(email))).toBe(0);
  });
});

describe('a real PDF named to look like another type', () => {
  it('reaches the team’s email, the webhook and the signed link as cv-<reference>.pdf; the sender’s name is text without its override', async () => {
    const pdf = pdfWithMarker('real resume', 40_000);
    const { upload, name } = await uploadedCv(server.url, pdf, 'x\u202Efdp.hta');
    expect(name).toBe('xfdp.hta');
    const answer = await postJson(`${server.url}/addQuery`, { ...VALID_CAREER, email: 'real.pdf@example.in' }, { [HEADERS.cvUpload]: upload });
    expect(answer.status).toBe(200);
    const { reference } = (await answer.json()) as { reference: string };
    const fileName = `cv-${reference}.pdf`;

    await expect.poll(() => smtp.to('team@example.in').find((m) => m.raw.includes(reference)), { timeout: 20_000 }).toBeDefined();
    const mail = smtp.to('team@example.in').find((m) => m.raw.includes(reference))!;
    const attachment = mail.raw.split(/\r?\n--/).find((part) => /content-disposition: attachment/i.test(part))!;
    expect(headersOf(attachment).get('content-disposition')![0]).toBe(`attachment; filename=${fileName}`);
    expect(headersOf(attachment).get('content-type')![0]).toMatch(/^application\/pdf/);
    expect(mail.raw).not.toContain('\u202E');
    expect(mail.raw).not.toContain('.hta;');

    await expect.poll(() => receiver.accepted.find((d) => d.body.data.reference === reference), { timeout: 20_000 }).toBeDefined();
    const delivery = receiver.accepted.find((d) => d.body.data.reference === reference)!;
    const cv = delivery.body.data.cv!;
    expect(cv.fileName).toBe(fileName);
    expect(cv.name).toBe('xfdp.hta');
    const link = new URL(cv.url); // the public origin's: asked of this service directly
    const download = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));
  });
});
