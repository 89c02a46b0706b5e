/**
 * Issue 40, finding 4 on the operator's side: `npm run leads` (a listing, here CSV) and
 * `npm run leads -- --person` each leave one entry in the team's audit log, the operator as
 * its actor, with the filter, how many leads and their ids, never their data. SQLite and
 * PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, ROOT, startServer, type RunningServer } from '../helpers/server.ts';

const run = promisify(execFile);

describe.each(['sqlite', 'postgres'] as const)('the operator’s reads are audited: %s', (backend) => {
  let server: RunningServer;
  let store: IntakeStore;
  let env: Record<string, string>;
  const ids: number[] = [];

  beforeAll(async () => {
    env = { SPAM_CHALLENGE: 'off', ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}) };
    server = await startServer({ env });
    store = await openIntakeStore({ ...loadServerConfig(env), dataDir: server.dataDir }, pino({ level: 'silent' }));
    for (const [i, email] of ['meena@example.in', 'meena@example.in', 'other@example.in'].entries()) {
      expect((await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, name: 'Meena Iyer', email, societyName: `Lotus Court ${i}` })).status).toBe(200);
    }
    ids.push(...(await store.team.worklist.list({ spam: false }, Date.now(), 10)).map((l) => l.id).sort((a, b) => a - b));
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  const leads = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: env.DATABASE_URL ?? '' } });

  it('a CSV listing and --person: one entry each, the operator, the filter, the count and ids, no personal data', async () => {
    const csv = await leads(['--format', 'csv', '--kind', 'society']);
    expect(csv.stdout).toContain('Lotus Court 2');
    const person = await leads(['--person', 'meena@example.in']);
    expect(JSON.parse(person.stdout).leads).toHaveLength(2);

    const entries = (await store.team.audit.list({ limit: 100 })).filter((e) => e.actor === 'operator').reverse();
    expect(entries.map((e) => e.action)).toEqual(['export', 'person-export']);
    expect(entries[0]!.detail).toEqual({ filter: { kind: 'society', includeSpam: false }, format: 'csv', count: 3, ids: `${ids[0]}-${ids[2]}` });
    expect(entries[1]!.detail).toEqual({ by: 'email', count: 2, ids: `${ids[0]}-${ids[1]}` });
    const text = JSON.stringify(entries);
    for (const personal of ['Meena', 'meena', 'Lotus', '98765']) expect(text).not.toContain(personal);
  }, 60_000);
});
