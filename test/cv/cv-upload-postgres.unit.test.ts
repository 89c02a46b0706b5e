/**
 * The CV upload on PostgreSQL (the store that differs): the bytes in the database, claimed in
 * the lead's transaction (two applications racing for one upload: one gets it), delivered by
 * email (same SHA-256) and by the webhook's signed link, in the team's lead, listed by
 * `--person`, erased by `--erase`, and an unclaimed upload purged after 24 hours.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CV } from '../../contract/cv-upload.ts';
import { HEADERS } from '../../contract/http.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { cvServiceEnv, uploadedCv } from '../helpers/cv-service.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, ROOT, startServer } from '../helpers/server.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';

const run = promisify(execFile);
const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
const smtp = await startSmtpSink();
const databaseUrl = await freshDatabase();
const env = { DATABASE_URL: databaseUrl, ...cvServiceEnv({ url: receiver.url, secret }, smtp.url) };
let server = await startServer({ env });
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
afterAll(async () => {
  await server.stop();
  await db.end();
  await receiver.stop();
  await smtp.stop();
});

const uploaded = (bytes: Buffer, name: string) => uploadedCv(server.url, bytes, name);
const apply = (fields: Record<string, string>, id: string) =>
  postJson(`${server.url}/addQuery`, fields, { [HEADERS.idempotencyKey]: crypto.randomUUID(), [HEADERS.cvUpload]: id });
const leadIdOf = async (email: string) => (await db.query<{ id: string }>("SELECT id FROM leads WHERE fields->>'email' = $1", [email])).rows.map((r) => Number(r.id));
const cvOf = async (id: string) => (await db.query<{ lead_id: string | null; content: Buffer }>('SELECT lead_id, content FROM cv_uploads WHERE id = $1', [id])).rows[0];
const cli = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '' } });

describe('the CV on PostgreSQL', () => {
  const cvMarker = `CV-MARKER-${crypto.randomUUID()}`;
  const pdf = pdfWithMarker(cvMarker);
  const applicant = { ...VALID_CAREER, email: 'pg-cv@example.in' };

  it('two applications racing for one upload: one lead gets it, the other is refused and not stored', async () => {
    const { upload } = await uploaded(pdf, 'cv.pdf');
    const answers = await Promise.all([apply(applicant, upload), apply({ ...applicant, email: 'pg-racer@example.in' }, upload)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(await refused.json()).toEqual({ success: false, message: MESSAGES.cvUnknown, field: 'resume' });
    const winners = [...(await leadIdOf(applicant.email)), ...(await leadIdOf('pg-racer@example.in'))];
    expect(winners).toHaveLength(1);
    const row = await cvOf(upload);
    expect(Number(row!.lead_id)).toBe(winners[0]);
    expect(sha256(row!.content)).toBe(sha256(pdf));
  });

  it('the email attaches the same bytes and the webhook link serves them', async () => {
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(1);
    const raw = smtp.messages[0]!.raw;
    const part = raw.split(/\r?\n--/).find((p) => /content-disposition:\s*attachment/i.test(p))!;
    const content = Buffer.from(part.slice(part.search(/\r?\n\r?\n/)).replace(/\s+/g, ''), 'base64');
    expect(sha256(content)).toBe(sha256(pdf));

    await expect.poll(() => receiver.accepted.length, { timeout: 15_000 }).toBe(1);
    const link = new URL((receiver.accepted[0]!.body.data as unknown as { cv: { url: string } }).cv.url);
    const served = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(pdf));
    link.searchParams.set('signature', 'x'.repeat(43));
    expect((await fetch(`${server.url}${link.pathname}${link.search}`)).status).toBe(403);
  });

  it('--person lists the file; --erase removes it', async () => {
    const email = (await leadIdOf(applicant.email)).length ? applicant.email : 'pg-racer@example.in';
    const listed = await cli(['--person', email]);
    expect(listed.stdout).toContain('cv.pdf');
    expect(listed.stdout).toContain(`${pdf.length} bytes`);
    expect(listed.stdout).not.toContain(cvMarker);
    await cli(['--erase', email]);
    expect((await db.query('SELECT COUNT(*)::integer AS n FROM cv_uploads WHERE lead_id IS NOT NULL')).rows[0].n).toBe(0);
  });

  it('an upload no application claims within 24 hours is purged', async () => {
    const { upload } = await uploaded(pdfWithMarker('left alone', 5000), 'left.pdf');
    await db.query('UPDATE cv_uploads SET created_at = created_at - $1 WHERE id = $2', [CV.unclaimedHours * 3_600_000 + 1000, upload]);
    await server.stop();
    server = await startServer({ env });
    await expect.poll(async () => (await cvOf(upload)) === undefined, { timeout: 10_000 }).toBe(true);
  });

  it('the same application sent at once by the page and the outbox worker, each with its own upload of the file: one lead with one CV, both answered alike', async () => {
    const email = 'pg-twice@example.in';
    const file = pdfWithMarker(`CV-MARKER-${crypto.randomUUID()}`);
    const uploads = [(await uploaded(file, 'cv.pdf')).upload, (await uploaded(file, 'cv.pdf')).upload];
    const key = crypto.randomUUID();
    const answers = await Promise.all(uploads.map((upload) => postJson(`${server.url}/addQuery`, { ...VALID_CAREER, email, phone: '9822334455' }, { [HEADERS.idempotencyKey]: key, [HEADERS.cvUpload]: upload })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
    expect(a).toEqual(b);
    const [leadId] = await leadIdOf(email);
    expect(await leadIdOf(email)).toHaveLength(1);
    const kept = await Promise.all(uploads.map(cvOf));
    expect(kept.filter(Boolean).map((row) => Number(row!.lead_id))).toEqual([leadId]);
  });
});

describe('npm run migrate-store', () => {
  it("moves an application's CV, the same bytes, from SQLite into PostgreSQL", async () => {
    const sqlite = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
    const pdf = pdfWithMarker('moving', 30_000);
    const { upload } = await uploadedCv(sqlite.url, pdf, 'moving.pdf');
    const answer = await postJson(`${sqlite.url}/addQuery`, { ...VALID_CAREER, email: 'moving@example.in' }, { [HEADERS.cvUpload]: upload });
    expect(answer.status).toBe(200);
    await sqlite.stop();
    const target = await freshDatabase();
    await run(process.execPath, ['--import', 'tsx', 'scripts/migrate-store.ts', '--to', target, '--data-dir', sqlite.dataDir], { cwd: ROOT });
    const moved = new pg.Pool({ connectionString: target, max: 1 });
    try {
      const { rows } = await moved.query<{ email: string; name: string; content: Buffer }>(
        "SELECT l.fields->>'email' AS email, c.name, c.content FROM cv_uploads c JOIN leads l ON l.id = c.lead_id",
      );
      expect(rows.map((r) => [r.email, r.name, sha256(r.content)])).toEqual([['moving@example.in', 'moving.pdf', sha256(pdf)]]);
    } finally {
      await moved.end();
    }
  });
});
