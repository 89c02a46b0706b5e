import type { Erasure, OperatorStore, VitalsSample } from './store.ts';
import type { StoredLead } from './leads-report.ts';
import { assertSchema, createPool, describeUrl } from '../../server/store/postgres.ts';
import { postgresOutboxReports } from '../../server/delivery/outbox-postgres.ts';
import { postgresFunnelReader } from '../../server/funnel/funnel-postgres.ts';
import { CAMPAIGN_COLUMNS, CAMPAIGN_KEYS, type CampaignColumns } from '../../contract/campaign.ts';
import { eraseLeads, expiredLeadIds, findLeadIds, personRecord } from '../../server/intake/personal-data-postgres.ts';
import { writeAudit } from '../../server/team/audit-postgres.ts';

/**
 * `npm run leads`, `npm run vitals` and `npm run funnel` on PostgreSQL. Like the SQLite side, it never
 * creates or migrates the schema: no schema yet means nothing has been submitted.
 */
export async function createPostgresOperatorStore(url: string): Promise<OperatorStore> {
  const pool = createPool(url, { max: 2, application: 'intake-operator' });
  let exists: boolean;
  try {
    exists = await assertSchema(pool);
  } catch (error) {
    await pool.end();
    throw new Error(`${describeUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
  const when = <T>(work: () => Promise<T>): Promise<T | undefined> => (exists ? work() : Promise.resolve(undefined));
  const outbox = postgresOutboxReports(pool);
  const erased = async (result: Promise<Omit<Erasure, 'cleaned'>>): Promise<Erasure> => ({ ...(await result), cleaned: true });

  return {
    missing: `no intake schema in ${describeUrl(url)} yet: nothing has been submitted`,
    listLeads: (filter) =>
      when(async () => {
        const where: string[] = [];
        const params: unknown[] = [];
        const add = (clause: string, value: unknown) => {
          params.push(value);
          where.push(clause.replace('?', `$${params.length}`));
        };
        if (filter.kind) add('kind = ?', filter.kind);
        if (filter.since !== undefined) add('created_at >= ?', filter.since);
        if (filter.until !== undefined) add('created_at < ?', filter.until);
        if (!filter.includeSpam) where.push('spam_reason IS NULL');
        const { rows } = await pool.query<Omit<StoredLead, 'campaign'> & CampaignColumns>(
          `SELECT id, reference, kind, coalesce(language, 'en') AS language, created_at AS "createdAt", fields, origin, partner, notice_version AS "noticeVersion", spam_reason AS "spamReason",
                  without_proof AS "withoutProof", ${CAMPAIGN_COLUMNS}, page
             FROM leads ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`,
          params,
        );
        return rows.map((row) => {
          const lead = Object.fromEntries(Object.entries(row).filter(([key]) => !(CAMPAIGN_KEYS as readonly string[]).includes(key))) as Omit<StoredLead, 'campaign'>;
          return { ...lead, campaign: Object.fromEntries(CAMPAIGN_KEYS.flatMap((key) => (row[key] === null ? [] : [[key, row[key]]]))) };
        });
      }),
    deliveries: () => when(async () => ({ rows: await outbox.list(), counts: await outbox.counts() })),
    redeliver: (id) => when(() => outbox.redeliver(id, Date.now())),
    person: (key) => when(() => personRecord(pool, key)),
    erase: (key) => when(async () => erased(eraseLeads(pool, await findLeadIds(pool, key), 'request', Date.now()))),
    purge: (retentionDays) => when(async () => erased(eraseLeads(pool, await expiredLeadIds(pool, retentionDays, Date.now()), 'retention', Date.now()))),
    vitalsSamples: (since, until) =>
      when(async () => (await pool.query<VitalsSample>('SELECT page, navigation_type, name, value FROM vitals WHERE created_at >= $1 AND created_at < $2', [since, until])).rows),
    noFunnel: `no intake schema in ${describeUrl(url)} yet: nothing has been counted`,
    funnel: (by, period) => {
      const read = postgresFunnelReader(pool);
      return when(async () => ({ rows: await read.by(by, period), total: await read.total(period) }));
    },
    audit: (entry) => when(() => writeAudit(pool, entry)),
    close: () => pool.end(),
  };
}
