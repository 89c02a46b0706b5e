/**
 * What the operator commands (`npm run leads`, `npm run vitals`, `npm run funnel`) read and
 * change, on either store: the SQLite files of a data folder (sqlite-store.ts) or PostgreSQL
 * when DATABASE_URL is set (postgres-store.ts); open-store.ts opens the one configured. Every
 * method resolves to undefined when there is no database yet (nothing has been submitted).
 */
import type { DeliveryRow, DeliveryStatus } from '../../server/delivery/outbox.ts';
import type { ErasureResult, PersonKey } from '../../server/intake/personal-data.ts';
import type { FunnelCounts, FunnelDimension, FunnelPeriod, FunnelRates, FunnelRow } from '../../server/funnel/funnel.ts';
import type { LeadFilter, StoredLead } from './leads-report.ts';
import type { NewAuditEntry } from '../../server/team/audit.ts';

export type RedeliverResult = { ok: true } | { ok: false; reason: 'unknown' | 'delivered'; deliveredAt?: number };

/** An erasure, and whether no old copy of the erased rows is left in the database's own files. */
export interface Erasure extends ErasureResult {
  /** False: the rows are deleted, but old copies may remain until later; `cleanupWarning` says where and what to do. */
  cleaned: boolean;
  cleanupWarning?: string;
}

export interface VitalsSample {
  page: string;
  navigation_type: string | null;
  name: string;
  value: number;
}

export interface OperatorStore {
  /** Said when there is no database yet. */
  readonly missing: string;
  listLeads(filter: LeadFilter): Promise<StoredLead[] | undefined>;
  deliveries(): Promise<{ rows: DeliveryRow[]; counts: Record<DeliveryStatus, number> } | undefined>;
  redeliver(id: number): Promise<RedeliverResult | undefined>;
  person(key: PersonKey): Promise<Record<string, unknown[]> | undefined>;
  /** Erases these leads and every row that refers to them, records the erasure, then cleans old copies out of the files. */
  erase(key: PersonKey): Promise<Erasure | undefined>;
  purge(retentionDays: number): Promise<Erasure | undefined>;
  vitalsSamples(since: number, until: number): Promise<VitalsSample[] | undefined>;
  /** Said when nothing has been counted yet (no vitals.db, or no schema). */
  readonly noFunnel: string;
  /** The period's funnel per `by`, and its totals. */
  funnel(by: FunnelDimension, period: FunnelPeriod): Promise<{ rows: FunnelRow[]; total: FunnelCounts & FunnelRates } | undefined>;
  /** Records an entry in the team's audit log (the operator's reads of personal data); undefined when there is no database yet. */
  audit(entry: NewAuditEntry): Promise<void | undefined>;
  close(): Promise<void>;
}
