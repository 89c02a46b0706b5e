/** `npm run leads`: the stored leads, filtered, as a table, CSV or JSON; and their count per source and week. */
import type { Db } from '../../server/store/sqlite.ts';
import { sourceLabel } from '../../server/intake/lead-source.ts';
import type { LeadRow } from '../../server/intake/lead-row.ts';
import { fieldNames, type LeadKind } from '../../contract/lead-contract.ts';
import { CAMPAIGN_COLUMNS, CAMPAIGN_KEYS, type Campaign } from '../../contract/campaign.ts';
import { formatLocal, renderTable, toCsv } from './output.ts';
import { terminalSafeJson } from './terminal-safe.ts';

export interface StoredLead {
  id: number;
  /** What the person was given to quote. */
  reference: string;
  kind: LeadKind;
  /** The form's language code ('en' for a lead from before languages were kept). */
  language: string;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
  fields: Record<string, string>;
  origin: string | null;
  partner: string | null;
  noticeVersion: string | null;
  /** Why the lead was flagged as spam; null for a person's. */
  spamReason: string | null;
  /** It came without proof of work: a form sent without script, let through by the rule for such posts (docs/intake-api.md). */
  withoutProof: boolean;
  /** The visit's campaign parameters (absent keys left out). */
  campaign: Campaign;
  /** The site route the form was on, or null. */
  page: string | null;
}

export interface LeadFilter {
  kind?: LeadKind;
  /** Inclusive lower bound, epoch ms. */
  since?: number;
  /** Exclusive upper bound, epoch ms. */
  until?: number;
  /** Spam is left out unless asked for. */
  includeSpam?: boolean;
}


/** Stored leads, oldest first, filtered by kind, creation time and spam. */
export function listLeads(db: Db, filter: LeadFilter = {}): StoredLead[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.kind) {
    where.push('kind = ?');
    params.push(filter.kind);
  }
  if (filter.since !== undefined) {
    where.push('created_at >= ?');
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push('created_at < ?');
    params.push(filter.until);
  }
  if (!filter.includeSpam) where.push('spam_reason IS NULL');
  const sql = `SELECT id, reference, kind, language, created_at, fields, origin, partner, notice_version, spam_reason, without_proof, ${CAMPAIGN_COLUMNS}, page FROM leads ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`;
  const rows = db.prepare(sql).all(...params) as LeadRow[];
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    language: r.language ?? 'en',
    createdAt: r.created_at,
    fields: JSON.parse(r.fields) as Record<string, string>,
    origin: r.origin,
    partner: r.partner,
    noticeVersion: r.notice_version,
    spamReason: r.spam_reason,
    withoutProof: r.without_proof === 1,
    campaign: Object.fromEntries(CAMPAIGN_KEYS.flatMap((key) => (r[key] === null ? [] : [[key, r[key]]]))),
    page: r.page,
  }));
}

/** The campaign in a table cell: "whatsapp / share / diwali", ref as "ref:…"; '' when none. */
export function campaignLabel(campaign: Campaign): string {
  const utm = [campaign.utm_source, campaign.utm_medium, campaign.utm_campaign].filter(Boolean).join(' / ');
  return [utm, campaign.ref ? `ref:${campaign.ref}` : ''].filter(Boolean).join(' ');
}

const ALL_FIELDS = [...new Set([...fieldNames('society'), ...fieldNames('career')])];
const source = (l: StoredLead) => sourceLabel(l.origin, l.partner);

export function leadsAsJson(leads: readonly StoredLead[]): string {
  const out = leads.map((l) => ({
    id: l.id,
    reference: l.reference,
    kind: l.kind,
    createdAt: new Date(l.createdAt).toISOString(),
    language: l.language,
    ...l.fields,
    source: source(l),
    origin: l.origin,
    partner: l.partner,
    noticeVersion: l.noticeVersion,
    spam: l.spamReason !== null,
    spamReason: l.spamReason,
    withoutProofOfWork: l.withoutProof,
    ...Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, l.campaign[key] ?? null])),
    page: l.page,
  }));
  return terminalSafeJson(out) + '\n';
}

/** One CSV for both kinds: the union of the fields, empty where a kind has none; the source and spam flag last. */
export function leadsAsCsv(leads: readonly StoredLead[]): string {
  const header = ['id', 'kind', 'createdAt', 'reference', 'language', ...ALL_FIELDS, 'source', 'origin', 'partner', 'noticeVersion', 'spam', ...CAMPAIGN_KEYS, 'page', 'withoutProofOfWork'];
  const rows = leads.map((l) => [
    String(l.id),
    l.kind,
    new Date(l.createdAt).toISOString(),
    l.reference,
    l.language,
    ...ALL_FIELDS.map((f) => l.fields[f] ?? ''),
    source(l),
    l.origin ?? '',
    l.partner ?? '',
    l.noticeVersion ?? '',
    l.spamReason ?? '',
    ...CAMPAIGN_KEYS.map((key) => l.campaign[key] ?? ''),
    l.page ?? '',
    l.withoutProof ? 'yes' : '',
  ]);
  return toCsv(header, rows);
}

const TITLES: Record<LeadKind, string> = { society: 'Society registration requests', career: 'Career applications' };

/** One table per kind (their columns differ), newest last; a spam column when spam is shown. */
export function leadsAsTable(leads: readonly StoredLead[], kinds: readonly LeadKind[], withSpam = false): string {
  const parts: string[] = [];
  for (const kind of kinds) {
    const mine = leads.filter((l) => l.kind === kind);
    const fields = fieldNames(kind);
    parts.push(`${TITLES[kind]} (${mine.length})\n`);
    if (mine.length === 0) {
      parts.push('  none\n');
      continue;
    }
    const header = ['id', 'reference', 'received', ...fields, 'source', 'campaign', ...(withSpam ? ['spam'] : [])];
    const rows = mine.map((l) => [
      String(l.id),
      l.reference,
      formatLocal(l.createdAt),
      ...fields.map((f) => l.fields[f] ?? ''),
      source(l),
      campaignLabel(l.campaign),
      ...(withSpam ? [l.spamReason ?? ''] : []),
    ]);
    parts.push(renderTable(header, rows, kind === 'career' ? 30 : 40));
  }
  return parts.join('\n');
}

// Counts per source and ISO week.

/** The ISO 8601 week of a local date, e.g. "2026-W47" (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(ms: number): string {
  const d = new Date(ms);
  const day = (d.getDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - day + 3);
  const year = thursday.getFullYear();
  const firstThursday = new Date(year, 0, 4);
  const firstWeekThursday = new Date(year, 0, 4 - ((firstThursday.getDay() + 6) % 7) + 3);
  const week = 1 + Math.round((thursday.getTime() - firstWeekThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface SourceCount {
  week: string;
  source: string;
  society: number;
  career: number;
  total: number;
}

/** Leads per ISO week and source, weeks oldest first, then the busiest source first. */
export function countBySource(leads: readonly StoredLead[]): SourceCount[] {
  const counts = new Map<string, SourceCount>();
  for (const l of leads) {
    const week = isoWeek(l.createdAt);
    const src = source(l);
    const key = `${week}\u0000${src}`;
    const c = counts.get(key) ?? { week, source: src, society: 0, career: 0, total: 0 };
    c[l.kind]++;
    c.total++;
    counts.set(key, c);
  }
  return [...counts.values()].sort((a, b) => a.week.localeCompare(b.week) || b.total - a.total || a.source.localeCompare(b.source));
}

export function sourceCountsAsTable(counts: readonly SourceCount[]): string {
  if (counts.length === 0) return 'Leads per source and week\n  none\n';
  const rows = counts.map((c) => [c.week, c.source, String(c.society), String(c.career), String(c.total)]);
  return `Leads per source and week\n${renderTable(['week', 'source', 'society', 'career', 'total'], rows, 60)}`;
}

export function sourceCountsAsCsv(counts: readonly SourceCount[]): string {
  return toCsv(['week', 'source', 'society', 'career', 'total'], counts.map((c) => [c.week, c.source, String(c.society), String(c.career), String(c.total)]));
}
