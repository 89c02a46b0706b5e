/**
 * Issue 40, finding 2: one client cannot fill the disk with CVs. The real service with the
 * built site's answer pages (no browser), on SQLite and a throwaway PostgreSQL:
 * - ten 5 MB CVs sent by a career form's own post (no script) from one client: the hourly
 *   allowance (CV_UPLOAD_RATE_LIMIT_MAX, shared with POST /uploadResume) takes its number, then
 *   the form comes back (429) with the sentence and every value, nothing stored;
 * - the CV of a lead in spam is gone a day later (the store's purge run with the clock a day
 *   on), unless the team took the lead out of spam; a person's CV stays;
 * - past CV_STORAGE_MAX_MB a new file is refused (507) with its sentence, by the upload and by a
 *   form's own post (the form again, values kept, nothing stored), while an application
 *   without a file is still stored, both ways.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV } from '../../contract/cv-upload.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { loadServerConfig } from '../../server/config.ts';
import { SPAM_CV_KEEP_MS } from '../../server/cv/cv-store.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { OPERATOR } from '../../server/team/audit.ts';
import { pdfWithMarker } from '../helpers/cv-files.ts';
import { postCv } from '../helpers/cv-service.ts';
import { formValues, VALID_CAREER } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, startServer, type RunningServer } from '../helpers/server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIVE_MB = CV.maxBytes - 4096;

/** A career form's own post (multipart), with a file when given; `spam`: its honeypot filled in. */
function ownPost(server: RunningServer, values: Record<string, string>, file?: Buffer, spam = false) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...values, lang: 'en', website: spam ? 'http://spam.example' : '' })) body.append(name, value);
  body.append(CV.control, new Blob(file ? [new Uint8Array(file)] : []), file ? 'cv.pdf' : '');
  return fetch(`${server.url}/addQuery`, { method: 'POST', body, redirect: 'manual', headers: { referer: `${server.url}/career` } });
}

describe.each(['sqlite', 'postgres'] as const)('CV storage cannot be filled by one client: %s', (backend) => {
  let server: RunningServer;
  let store: IntakeStore;
  let env: Record<string, string>;
  const leadsOf = async (email: string) => {
    const rows = await store.team.worklist.list({ spam: false, search: { text: email } }, Date.now(), 50);
    const spam = await store.team.worklist.list({ spam: true, search: { text: email } }, Date.now(), 50);
    return [...rows, ...spam];
  };

  beforeAll(async () => {
    env = { SPAM_CHALLENGE: 'off', CV_UPLOAD_RATE_LIMIT_MAX: '3', ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}) };
    server = await startServer({ site: true, env });
    store = await openIntakeStore({ ...loadServerConfig(env), dataDir: server.dataDir }, pino({ level: 'silent' }));
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('ten 5 MB CVs by a form’s own post from one client: the allowance takes three, then the form comes back with the sentence and its values, nothing stored', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const values = formValues('career', { email: `flood${i}@example.in`, college: `Kept College ${i}` });
      const answer = await ownPost(server, values, pdfWithMarker(`flood ${i}`, FIVE_MB));
      answers.push(answer.status);
      if (answer.status === 429) {
        const page = await answer.text();
        expect(page).toContain(MESSAGES.cvTooMany);
        expect(page).toContain(`Kept College ${i}`);
        expect(page).toContain(`flood${i}@example.in`);
      } else await answer.body?.cancel();
    }
    expect(answers).toEqual([303, 303, 303, 429, 429, 429, 429, 429, 429, 429]);
    await store.team.worklist.catchUp();
    for (let i = 0; i < 10; i++) expect(await leadsOf(`flood${i}@example.in`), `lead ${i}`).toHaveLength(i < 3 ? 1 : 0);
    // The upload counts against the same allowance.
    const upload = await postCv(server.url, pdfWithMarker('one more', 20_000), 'cv.pdf');
    expect(upload.status).toBe(429);
    expect(await upload.json()).toEqual({ success: false, message: MESSAGES.cvTooMany, field: CV.control });
  }, 120_000);

  it('a spam lead’s CV is gone a day later, unless the team takes the lead out of spam; a person’s CV stays', async () => {
    // The files are kept through the store (this client's hourly allowance is spent above).
    const keep = (marker: string) => store.cvs.keep({ name: `${marker}.pdf`, type: 'application/pdf', size: 1000, sha256: marker, content: Buffer.from(marker) }, Date.now());
    const save = async (email: string, spam: boolean, marker: string) => {
      const upload = await keep(marker);
      const source = { origin: null, partner: null, noticeVersion: null, campaign: {}, page: null, language: 'en' as const };
      const saved = await store.leads.save('career', { ...VALID_CAREER, email }, source, spam ? { spam: 'honeypot', solution: null } : { spam: null, solution: null }, undefined, upload);
      if (!('leadId' in saved)) throw new Error('not saved');
      return saved.leadId;
    };
    const spam = await save('spam.cv@example.in', true, 'spam-cv');
    const rescued = await save('rescued.cv@example.in', true, 'rescued-cv');
    const person = await save('person.cv@example.in', false, 'person-cv');
    expect(await store.team.worklist.notSpam(rescued, [], OPERATOR, Date.now())).toMatchObject({ ok: true });

    const clock = Date.now();
    expect(await store.cvs.purgeSpam(clock - SPAM_CV_KEEP_MS)).toBe(0); // the same day: kept for the team to look at
    const aDayLater = clock + DAY_MS + 60_000;
    expect(await store.cvs.purgeSpam(aDayLater - SPAM_CV_KEEP_MS)).toBe(1);
    expect(await store.cvs.ofLead(spam)).toBeUndefined();
    expect((await store.cvs.ofLead(rescued))?.name).toBe('rescued-cv.pdf');
    expect((await store.cvs.ofLead(person))?.name).toBe('person-cv.pdf');
  });
});

describe.each(['sqlite', 'postgres'] as const)('CV_STORAGE_MAX_MB: %s', (backend) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ site: true, env: { SPAM_CHALLENGE: 'off', CV_STORAGE_MAX_MB: '1', ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}) } });
  }, 180_000);
  afterAll(() => server?.stop());

  it('past the quota a new file is refused with its sentence, by the upload and by a form’s own post; applications without a file are still stored', async () => {
    expect((await postCv(server.url, pdfWithMarker('first', 600_000), 'first.pdf')).status).toBe(201);
    const refused = await postCv(server.url, pdfWithMarker('second', 600_000), 'second.pdf');
    expect(refused.status).toBe(507);
    expect(await refused.json()).toEqual({ success: false, message: MESSAGES.cvStorageFull, field: CV.control });

    const values = formValues('career', { email: 'quota.form@example.in', college: 'Quota College As Typed' });
    const page = await ownPost(server, values, pdfWithMarker('third', 600_000));
    expect(page.status).toBe(507);
    const html = await page.text();
    expect(html).toContain(MESSAGES.cvStorageFull);
    expect(html).toContain('Quota College As Typed');
    expect(html).toContain('quota.form@example.in');

    const withoutFile = await ownPost(server, formValues('career', { email: 'quota.nofile@example.in' }));
    expect(withoutFile.status).toBe(303);
    const json = await postJson(`${server.url}/addQuery`, { ...VALID_CAREER, email: 'quota.json@example.in' });
    expect(json.status).toBe(200);
    const { reference } = (await json.json()) as { reference: string };
    expect(reference).toMatch(/^SD-/);
  });
});
