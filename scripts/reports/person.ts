/**
 * The personal-data commands of `npm run leads`: --person (everything held about one
 * person, as JSON), --erase (erase it everywhere, record the erasure) and --purge (erase
 * every lead older than LEAD_RETENTION_DAYS), on either store (store.ts). The rules are in
 * server/intake/personal-data.ts, shared with the running service's daily purge.
 */
import { parsePersonKey, type PersonKey } from '../../server/intake/personal-data.ts';
import { fail } from './cli.ts';
import { leadsRead, OPERATOR } from '../../server/team/audit.ts';
import type { Erasure, OperatorStore } from './store.ts';
import { terminalSafe, terminalSafeJson } from './terminal-safe.ts';

function personKey(text: string): PersonKey {
  try {
    return parsePersonKey(text);
  } catch (error) {
    fail((error as Error).message);
  }
}

/**
 * Records the operator's read of personal data in the team's audit log (its filter, how many
 * leads and their ids, never their data) before anything is printed: when the entry cannot be
 * written (a database this user cannot write), nothing is shown.
 */
export async function auditRead(store: OperatorStore, action: 'export' | 'person-export', detail: Record<string, unknown>, ids: readonly number[]): Promise<void> {
  try {
    await store.audit({ at: Date.now(), actor: OPERATOR, action, detail: { ...detail, ...leadsRead(ids) } });
  } catch (error) {
    fail(`this read of personal data could not be recorded in the audit log (${(error as Error).message}); nothing was shown`);
  }
}

/** `--person EMAIL_OR_PHONE`: JSON on stdout; `leads` is empty when nothing is held. The read is in the audit log. */
export async function printPerson(store: OperatorStore, text: string): Promise<void> {
  const key = personKey(text);
  const record = (await store.person(key)) ?? { leads: [] };
  await auditRead(store, 'person-export', { by: Object.keys(key)[0] }, (record.leads as { id: number }[]).map((l) => Number(l.id)));
  process.stdout.write(terminalSafeJson({ person: key, ...record }) + '\n');
  if (record.leads!.length === 0) process.stderr.write('nothing is held about this person\n');
}

function report(what: string, result: Erasure): void {
  const related = Object.entries(result.rows)
    .filter(([table]) => table !== 'leads')
    .map(([table, n]) => `${table}: ${n}`);
  process.stdout.write(
    terminalSafe(`${what}: ${result.leads} lead${result.leads === 1 ? '' : 's'} erased${related.length ? ` (${related.join(', ')})` : ''}`) +
      (result.leads > 0 ? '; the erasure is recorded without personal data\n' : '\n'),
  );
  if (!result.cleaned) {
    process.stderr.write(`${result.cleanupWarning ?? 'old copies of the erased rows may remain'}\n`);
    process.exitCode = 1;
  }
}

const nothing: Erasure = { leads: 0, rows: {}, cleaned: true };

/** `--erase EMAIL_OR_PHONE`. */
export async function erasePerson(store: OperatorStore, text: string): Promise<void> {
  const key = personKey(text);
  report('erasure', (await store.erase(key)) ?? nothing);
}

/** `--purge`: every lead older than `retentionDays`. */
export async function purgeExpired(store: OperatorStore, retentionDays: number): Promise<void> {
  report(`retention purge (older than ${retentionDays} days)`, (await store.purge(retentionDays)) ?? nothing);
}
