/**
 * The CV upload's service side (issue 35), against the real service over real HTTP on a real
 * SQLite file, with a real SMTP server and webhook receiver: a 200 KB PDF uploaded, claimed by
 * its application and stored with the lead; the team's email carries the same bytes (SHA-256);
 * the webhook's signed link serves them and refuses once expired or its signature changed;
 * a 6 MB file, an executable renamed .pdf and an unknown upload id refused with nothing stored;
 * a real PDF named .docx taken as a PDF; the form's own multipart post; erasure and the
 * unclaimed purge leave no byte of the file in the data folder.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { dbPath } from '../../server/store/sqlite.ts';
import { hashOf, SESSION_COOKIE } from '../../server/team/sessions.ts';
import { TEAM_API, type LeadDetail } from '../../contract/team.ts';
import { CV } from '../../contract/cv-upload.ts';
import { CV_UPLOAD_PATH, HEADERS } from '../../contract/http.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI as HINDI } from '../../contract/messages/hi.ts';
import { createCvLinks } from '../../server/cv/cv-link.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { cvServiceEnv, postCv, uploadedCv } from '../helpers/cv-service.ts';
import { docxWithMarker, executable, filesHolding, pdfWithMarker, sha256, wordDoc } from '../helpers/cv-files.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { postJson, readDb, ROOT, startServer, tempDir } from '../helpers/server.ts';
import { headersOf, startSmtpSink } from '../helpers/smtp-sink.ts';

const run = promisify(execFile);
const LINK_SECRET = 'a-test-secret-for-cv-links-0123456789';
const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
const smtp = await startSmtpSink();
const dataDir = tempDir();
const env = { DATA_DIR: dataDir, ...cvServiceEnv({ url: receiver.url, secret }, smtp.url), CV_LINK_SECRET: LINK_SECRET };
let server = await startServer({ env });
afterAll(async () => {
  await server.stop();
  await receiver.stop();
  await smtp.stop();
});

const marker = () => `CV-MARKER-${crypto.randomUUID()}`;

const upload = (bytes: Buffer, name: string, type?: string, headers?: Record<string, string>) => postCv(server.url, bytes, name, type, headers);
const uploaded = (bytes: Buffer, name: string, type?: string) => uploadedCv(server.url, bytes, name, type);

const apply = (fields: Record<string, string>, id: string | undefined, key = crypto.randomUUID()) =>
  postJson(`${server.url}/addQuery`, fields, { [HEADERS.idempotencyKey]: key, ...(id ? { [HEADERS.cvUpload]: id } : {}) });

const cvRows = () =>
  readDb(dataDir, (db) => db.prepare('SELECT id, lead_id AS leadId, name, type, size, sha256 FROM cv_uploads ORDER BY created_at').all()) as {
    id: string;
    leadId: number | null;
    name: string;
    type: string;
    size: number;
    sha256: string;
  }[];
const leadIdOf = (email: string) =>
  readDb(dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(email)) as number | undefined;
const leadCount = () => readDb(dataDir, (db) => db.prepare('SELECT COUNT(*) FROM leads').pluck().get()) as number;

/** The attachments of a raw MIME message: each part with Content-Disposition: attachment, its body decoded. */
function attachmentsOf(raw: string): { headers: Map<string, string[]>; content: Buffer }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  const parts = boundaries.flatMap((b) => raw.split(`--${b}`));
  return parts
    .map((part) => part.replace(/^\r?\n/, ''))
    .filter((part) => /^content-disposition:\s*attachment/im.test(part.split(/\r?\n\r?\n/, 1)[0]!))
    .map((part) => {
      const headers = headersOf(part);
      const body = part.slice(part.search(/\r?\n\r?\n/)).trim();
      return { headers, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
    });
}

describe('POST /uploadResume and the application that claims it', () => {
  const pdfMarker = marker();
  const pdf = pdfWithMarker(pdfMarker);
  const applicant = { ...VALID_CAREER, email: 'cv-pdf@example.in', phone: '9811112222' };
  let webhookUrl = '';

  it('takes a 200 KB PDF, stores it with the lead, and a retry of the application answers as the first time', async () => {
    expect(pdf.length).toBe(200 * 1024);
    const answer = await uploaded(pdf, 'Ravi Kumar CV.pdf', 'application/pdf');
    expect(answer).toMatchObject({ success: true, name: 'Ravi Kumar CV.pdf', size: pdf.length, type: 'application/pdf' });
    expect(answer.upload).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const key = crypto.randomUUID();
    const first = await apply(applicant, answer.upload, key);
    expect(first.status).toBe(200);
    const body = await first.text();
    const again = await apply(applicant, answer.upload, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(body);

    const leadId = leadIdOf(applicant.email);
    const row = cvRows().find((r) => r.id === answer.upload);
    expect(row).toMatchObject({ leadId, type: 'application/pdf', size: pdf.length, sha256: sha256(pdf) });
    const stored = readDb(dataDir, (db) => db.prepare('SELECT content FROM cv_uploads WHERE lead_id = ?').pluck().get(leadId)) as Buffer;
    expect(sha256(stored)).toBe(sha256(pdf));
  });

  it('a retry that uploaded the same file again (the page and the outbox worker each sent it) answers as the first time, and its own upload is not kept; another file under the key is refused', async () => {
    const email = 'retry.upload@example.in';
    const fields = { ...applicant, email };
    const file = pdfWithMarker(marker());
    const [first, second] = [await uploaded(file, 'cv.pdf', 'application/pdf'), await uploaded(file, 'cv.pdf', 'application/pdf')];
    const key = crypto.randomUUID();
    const answer = await apply(fields, first.upload, key);
    expect(answer.status).toBe(200);
    const again = await apply(fields, second.upload, key);
    expect([again.status, again.headers.get('idempotent-replayed'), await again.text()]).toEqual([200, 'true', await answer.text()]);
    expect(cvRows().filter((r) => r.id === first.upload || r.id === second.upload)).toEqual([expect.objectContaining({ id: first.upload, leadId: leadIdOf(email) })]);

    const other = await uploaded(pdfWithMarker(marker()), 'cv.pdf', 'application/pdf');
    const refused = await apply(fields, other.upload, key);
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe(MESSAGES.idempotencyKeyReused);
    expect(readDb(dataDir, (db) => db.prepare("SELECT COUNT(*) FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(email))).toBe(1);
  });

  it("the team's email attaches the same bytes", async () => {
    await expect.poll(() => smtp.messages.filter((m) => m.raw.includes('cv-pdf@example.in')).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.messages.find((m) => m.raw.includes('cv-pdf@example.in'))!;
    const [attachment, ...more] = attachmentsOf(mail.raw);
    expect(more).toHaveLength(0);
    expect(attachment!.headers.get('content-type')?.[0]).toMatch(/^application\/pdf/);
    expect(sha256(attachment!.content)).toBe(sha256(pdf));
  });

  it("the webhook's signed link serves the same bytes as an attachment, and refuses once expired or its signature changed", async () => {
    const leadId = leadIdOf(applicant.email)!;
    await expect.poll(() => receiver.accepted.some((w) => w.body.data.id === leadId), { timeout: 15_000 }).toBe(true);
    const data = receiver.accepted.find((w) => w.body.data.id === leadId)!.body.data as unknown as { cv: { url: string; sha256: string; size: number; type: string; name: string; expiresAt: string } };
    const fileName = `cv-${receiver.accepted.find((w) => w.body.data.id === leadId)!.body.data.reference}.pdf`;
    expect(data.cv).toMatchObject({ sha256: sha256(pdf), size: pdf.length, type: 'application/pdf', name: 'Ravi Kumar CV.pdf', fileName });
    webhookUrl = data.cv.url;
    const link = new URL(webhookUrl);
    const served = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(pdf));

    const changed = new URL(link);
    const signature = changed.searchParams.get('signature')!;
    changed.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
    expect((await fetch(`${server.url}${changed.pathname}${changed.search}`)).status).toBe(403);
    const longer = new URL(link);
    longer.searchParams.set('expires', String(Number(longer.searchParams.get('expires')) + 1));
    expect((await fetch(`${server.url}${longer.pathname}${longer.search}`)).status).toBe(403);

    // A link this service signed, whose time has passed.
    const id = link.pathname.split('/').pop()!;
    const expired = new URL(createCvLinks(LINK_SECRET, server.url, 1).link({ id, reference: 'SD-0000-0000', name: 'x', size: 1, type: 'application/pdf', sha256: '' }, Date.now() - 2 * 86_400_000).url);
    const refused = await fetch(`${server.url}${expired.pathname}${expired.search}`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/expired/);
  });

  it('an id already claimed, unknown or malformed is refused with cvUnknown, and nothing is stored', async () => {
    const claimed = cvRows().find((r) => r.leadId === leadIdOf(applicant.email))!.id;
    const before = leadCount();
    for (const id of [claimed, 'A'.repeat(32), 'not an id']) {
      const answer = await apply({ ...VALID_CAREER, email: `other-${id.length}@example.in` }, id);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ success: false, message: MESSAGES.cvUnknown, field: 'resume' });
    }
    expect(leadCount()).toBe(before);
  });

  it('the header on a society registration is refused', async () => {
    const { upload: id } = await uploaded(pdfWithMarker(marker(), 2000), 'cv.pdf');
    const before = leadCount();
    const answer = await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY, { [HEADERS.cvUpload]: id });
    expect(answer.status).toBe(400);
    expect(leadCount()).toBe(before);
    expect(cvRows().find((r) => r.id === id)?.leadId).toBeNull();
  });
});

describe("the team's side", () => {
  /** A member signed in: their row and a session row written as a passkey sign-in would (server/team/sessions.ts). */
  function signedIn(): string {
    const sessionId = `session-${crypto.randomUUID()}`;
    const db = new Database(dbPath(dataDir));
    const memberId = Number(db.prepare("INSERT INTO team_members (email, role, created_at) VALUES (?, 'member', ?)").run(`m-${sessionId}@example.in`, Date.now()).lastInsertRowid);
    db.prepare('INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)').run(hashOf(sessionId), memberId, Date.now(), Date.now());
    db.close();
    return `${SESSION_COOKIE}=${sessionId}`;
  }

  it("a lead shows its CV and the person's earlier applications (same email, or the same phone however written); the CV downloads as an attachment, audited", async () => {
    const first = { ...VALID_CAREER, email: 'again@example.in', phone: '9833334444', areaOfInterest: 'marketing-sales-intern' };
    expect((await apply(first, undefined)).status).toBe(200);
    const pdf = pdfWithMarker(marker(), 30_000);
    const { upload: id } = await uploaded(pdf, 'Résumé 2026.pdf');
    const second = { ...VALID_CAREER, email: 'another-address@example.in', phone: '+91 98333 34444', message: 'Applying again.' };
    expect((await apply(second, id)).status).toBe(200);
    const firstId = leadIdOf(first.email)!;
    const secondId = leadIdOf(second.email)!;

    const cookie = signedIn();
    const detail = await fetch(`${server.url}${TEAM_API.lead(secondId)}`, { headers: { cookie } });
    expect(detail.status).toBe(200);
    const { lead } = (await detail.json()) as { lead: LeadDetail };
    expect(lead.cv).toEqual({ name: 'Résumé 2026.pdf', size: pdf.length, type: 'application/pdf', sha256: sha256(pdf) });
    expect(lead.appliedBefore).toEqual([{ id: firstId, reference: expect.stringMatching(/^SD-/), createdAt: expect.any(Number), role: 'marketing-sales-intern' }]);
    const earlier = (await (await fetch(`${server.url}${TEAM_API.lead(firstId)}`, { headers: { cookie } })).json()) as { lead: LeadDetail };
    expect(earlier.lead).toMatchObject({ cv: null, appliedBefore: [] });

    const file = await fetch(`${server.url}${TEAM_API.cv(secondId)}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    // Under the name the service makes (issue 40): the sender's is kept as text (lead.cv.name).
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="cv-${lead.reference}.pdf"; filename*=UTF-8''cv-${lead.reference}.pdf`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(pdf));
    const audited = readDb(dataDir, (db) => db.prepare("SELECT action, detail FROM team_audit WHERE lead_id = ? AND action = 'person-export'").all(secondId)) as { detail: string }[];
    expect(audited.map((a) => JSON.parse(a.detail))).toEqual([{ file: 'cv', sha256: sha256(pdf) }]);

    expect((await fetch(`${server.url}${TEAM_API.cv(firstId)}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${server.url}${TEAM_API.cv(secondId)}`)).status).toBe(401);
  });
});

describe('refusals of the upload', () => {
  it('a 6 MB file: 413 naming the limit (in the request language), before the body is read, nothing stored', async () => {
    const before = cvRows().length;
    const big = Buffer.concat([pdfWithMarker(marker(), 1000), Buffer.alloc(6 * 1024 * 1024 - 1000, 0x20)]);
    const answer = await upload(big, 'big.pdf', 'application/pdf');
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ success: false, message: MESSAGES.cvTooLarge(5), field: 'resume' });
    expect(MESSAGES.cvTooLarge(5)).toContain('5 MB');
    const hindi = await upload(big, 'big.pdf', 'application/pdf', { [HEADERS.language]: 'hi' });
    expect(await hindi.json()).toEqual({ success: false, message: HINDI.cvTooLarge(5), field: 'resume' });
    expect(cvRows().length).toBe(before);
  });

  it('a file just over 5 MB sent without a Content-Length is cut at the limit: 413', async () => {
    const before = cvRows().length;
    const big = Buffer.concat([pdfWithMarker(marker(), 1000), Buffer.alloc(CV.maxBytes + 1 - 1000, 0x20)]);
    const boundary = 'cvboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunks = [head, big, tail];
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const answer = await fetch(`${server.url}${CV_UPLOAD_PATH}`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ field: 'resume', message: MESSAGES.cvTooLarge(5) });
    expect(cvRows().length).toBe(before);
  });

  it('an executable renamed .pdf: 415 naming the types taken, nothing stored', async () => {
    const before = cvRows().length;
    const answer = await upload(executable(), 'cv.pdf', 'application/pdf');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ success: false, message: MESSAGES.cvType, field: 'resume' });
    expect(cvRows().length).toBe(before);
  });

  it('no file part: 400', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const answer = await fetch(`${server.url}${CV_UPLOAD_PATH}`, { method: 'POST', body: form });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, field: 'resume' });
  });
});

describe('type by content', () => {
  it('a real PDF named .docx is taken as a PDF', async () => {
    const answer = await uploaded(pdfWithMarker(marker(), 5000), 'cv.docx', CV.types[2].mime);
    expect(answer.type).toBe('application/pdf');
  });
  it('a DOCX (a ZIP holding word/document.xml) and a DOC (OLE header) are taken, whatever their names', async () => {
    expect((await uploaded(docxWithMarker(marker()), 'cv.bin')).type).toBe(CV.types[2].mime);
    expect((await uploaded(wordDoc(), 'cv.pdf')).type).toBe('application/msword');
  });
});

describe("the career form's own post (multipart/form-data)", () => {
  const form = (fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
    const body = new FormData();
    const { name, message, ...rest } = fields;
    body.append('fullName', name!);
    body.append('whyJoin', message!);
    for (const [k, v] of Object.entries(rest)) body.append(k, v);
    body.append('website', '');
    body.append('lang', 'en');
    body.append(CV.control, file ? new Blob([new Uint8Array(file.bytes)]) : new Blob([]), file?.name ?? '');
    return fetch(`${server.url}/addQuery`, { method: 'POST', body, redirect: 'manual' });
  };

  it('stores the lead with its CV and answers with the confirmation', async () => {
    const pdf = pdfWithMarker(marker(), 10_000);
    const answer = await form({ ...VALID_CAREER, email: 'native@example.in' }, { bytes: pdf, name: 'native.pdf' });
    expect(answer.status).toBe(303);
    const leadId = leadIdOf('native@example.in');
    expect(cvRows().find((r) => r.leadId === leadId)).toMatchObject({ name: 'native.pdf', sha256: sha256(pdf) });
  });

  it('an empty file part is an application without a CV', async () => {
    const answer = await form({ ...VALID_CAREER, email: 'no-cv@example.in' });
    expect(answer.status).toBe(303);
    const leadId = leadIdOf('no-cv@example.in');
    expect(leadId).toBeDefined();
    expect(cvRows().some((r) => r.leadId === leadId)).toBe(false);
  });

  // Without a build the service answers a refusal with a plain page of its message; the form drawn again with its values is forms-without-script's (a built site).
  it('a refused file answers with a page of the message and its status, nothing stored', async () => {
    const before = leadCount();
    const answer = await form({ ...VALID_CAREER, email: 'exe@example.in', college: 'College of Kept Values' }, { bytes: executable(), name: 'cv.pdf' });
    expect(answer.status).toBe(415);
    const page = await answer.text();
    expect(page).toContain(MESSAGES.cvType);
    expect(leadCount()).toBe(before);

    const big = Buffer.concat([pdfWithMarker(marker(), 1000), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const tooLarge = await form({ ...VALID_CAREER, email: 'big@example.in', college: 'Big File College' }, { bytes: big, name: 'big.pdf' });
    expect(tooLarge.status).toBe(413);
    const bigPage = await tooLarge.text();
    expect(bigPage).toContain(MESSAGES.cvTooLarge(5));
    expect(leadCount()).toBe(before);
  });
});

describe('npm run backup', () => {
  it("includes the CVs, the same bytes", async () => {
    const pdf = pdfWithMarker(marker(), 20_000);
    const { upload: id } = await uploaded(pdf, 'backed-up.pdf');
    expect((await apply({ ...VALID_CAREER, email: 'backup-cv@example.in' }, id)).status).toBe(200);
    const out = tempDir('cv-backup-');
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', out, '--data-dir', dataDir], { cwd: ROOT, env: { ...process.env } });
    const [folder] = fs.readdirSync(out);
    const copy = new Database(path.join(out, folder!, 'leads.db'), { readonly: true });
    const content = copy.prepare('SELECT content FROM cv_uploads WHERE id = ?').pluck().get(id) as Buffer;
    copy.close();
    expect(sha256(content)).toBe(sha256(pdf));
  });
});

describe('erasure and the unclaimed purge', () => {
  it('after npm run leads -- --erase EMAIL, a marker from inside the file is nowhere under the data folder', async () => {
    const secretMarker = marker();
    const pdf = pdfWithMarker(secretMarker, 200 * 1024);
    const { upload: id } = await uploaded(pdf, 'erase-me.pdf');
    expect((await apply({ ...VALID_CAREER, email: 'erase-cv@example.in', phone: '9822223333' }, id)).status).toBe(200);
    await expect.poll(() => smtp.messages.some((m) => m.raw.includes('erase-cv@example.in')), { timeout: 15_000 }).toBe(true);
    expect((await filesHolding(dataDir, secretMarker)).length).toBeGreaterThan(0);

    const listed = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--person', 'erase-cv@example.in'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    expect(listed.stdout).toContain('erase-me.pdf');
    expect(listed.stdout).toContain(sha256(pdf));
    expect(listed.stdout).not.toContain(secretMarker);
    expect(listed.stdout).toContain(`${pdf.length} bytes`);

    await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--erase', 'erase-cv@example.in'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    expect(cvRows().some((r) => r.id === id)).toBe(false);
    // With the service still running: the database, its WAL and every other file.
    expect(await filesHolding(dataDir, secretMarker)).toEqual([]);
  });

  it('an upload no application claims within 24 hours is deleted by the periodic purge', async () => {
    const unclaimedMarker = marker();
    const { upload: id } = await uploaded(pdfWithMarker(unclaimedMarker, 50_000), 'left.pdf');
    // A day later (the upload's time moved back while the service is stopped); housekeeping runs at start and hourly.
    await server.stop();
    const db = new Database(dbPath(dataDir));
    db.prepare('UPDATE cv_uploads SET created_at = created_at - ? WHERE id = ?').run(CV.unclaimedHours * 3_600_000 + 1000, id);
    db.close();
    server = await startServer({ env });
    await expect.poll(() => cvRows().some((r) => r.id === id), { timeout: 10_000 }).toBe(false);
    expect((await apply({ ...VALID_CAREER, email: 'late@example.in' }, id)).status).toBe(400);
    await server.stop();
    expect(await filesHolding(dataDir, unclaimedMarker)).toEqual([]);
    server = await startServer({ env });
  });
});
