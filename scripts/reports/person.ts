/**
 * The personal-data commands of `npm run leads`: --person (everything held about one
 * person, as JSON), --erase (erase it everywhere, record the erasure) and --purge (erase
 * every lead older than LEAD_RETENTION_DAYS). The work is in server/intake/personal-data.ts,
 * shared with the running service's daily purge.
 */
import type { Db } from '../../server/intake/database.ts';
import {
  checkpointAndTruncate,
  eraseLeads,
  type ErasureReason,
  type ErasureResult,
  expiredLeadIds,
  findLeadIds,
  parsePersonKey,
  type PersonKey,
  personRecord,
} from '../../server/intake/personal-data.ts';
import { changeDatabase, fail, readDatabase } from './cli.ts';
import { terminalSafe, terminalSafeJson } from './terminal-safe.ts';

function personKey(text: string): PersonKey {
  try {
    return parsePersonKey(text);
  } catch (error) {
    fail((error as Error).message);
  }
}

/** `--person EMAIL_OR_PHONE`: JSON on stdout; `leads` is empty when nothing is held. */
export function printPerson(dataDir: string, text: string): void {
  const key = personKey(text);
  const record = readDatabase(dataDir, (db) => personRecord(db, key)) ?? { leads: [] };
  process.stdout.write(terminalSafeJson({ person: key, ...record }) + '\n');
  if (record.leads!.length === 0) process.stderr.write('nothing is held about this person\n');
}

/** Blocks this command (not a server) for `ms`. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Deletes the leads and what refers to them in one transaction (secure_delete on), then
 * truncates the WAL so no old copy of a page survives in leads.db-wal; a reader of the
 * running service can delay that, so it is retried for up to 10 s.
 */
function erase(db: Db, ids: number[], reason: ErasureReason): ErasureResult & { walTruncated: boolean } {
  const result = db.transaction(() => eraseLeads(db, ids, reason, Date.now())).immediate();
  let walTruncated = false;
  for (let attempt = 0; attempt < 50 && !walTruncated; attempt++) {
    walTruncated = checkpointAndTruncate(db);
    if (!walTruncated) pause(200);
  }
  return { ...result, walTruncated };
}

function report(what: string, result: ErasureResult & { walTruncated: boolean }): void {
  const related = Object.entries(result.rows)
    .filter(([table]) => table !== 'leads')
    .map(([table, n]) => `${table}: ${n}`);
  process.stdout.write(
    terminalSafe(`${what}: ${result.leads} lead${result.leads === 1 ? '' : 's'} erased${related.length ? ` (${related.join(', ')})` : ''}`) +
      (result.leads > 0 ? '; the erasure is recorded without personal data\n' : '\n'),
  );
  if (!result.walTruncated) {
    process.stderr.write(
      'the rows are deleted, but leads.db-wal could not be truncated (a reader held it): old copies may remain in that file until the next checkpoint. Run the command again.\n',
    );
    process.exit(1);
  }
}

/** `--erase EMAIL_OR_PHONE`. */
export function erasePerson(dataDir: string, text: string): void {
  const key = personKey(text);
  const result = changeDatabase(dataDir, (db) => erase(db, findLeadIds(db, key), 'request'));
  report('erasure', result ?? { leads: 0, rows: {}, walTruncated: true });
}

/** `--purge`: every lead older than `retentionDays`. */
export function purgeExpired(dataDir: string, retentionDays: number): void {
  const result = changeDatabase(dataDir, (db) => erase(db, expiredLeadIds(db, retentionDays, Date.now()), 'retention'));
  report(`retention purge (older than ${retentionDays} days)`, result ?? { leads: 0, rows: {}, walTruncated: true });
}
