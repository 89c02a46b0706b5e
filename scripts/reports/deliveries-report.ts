/** `npm run leads -- --deliveries`: the delivery outbox, newest first, with each one's last error. */
import type { DeliveryRow, DeliveryStatus } from '../../server/delivery/outbox.ts';
import { formatLocal, renderTable } from './output.ts';
import { terminalSafeJson } from './terminal-safe.ts';

/** A webhook URL may hold a secret token in its path or query: show where it goes, not the whole of it. */
export function targetLabel(target: string): string {
  if (!target.startsWith('webhook ')) return target;
  try {
    const url = new URL(target.slice('webhook '.length));
    return `webhook ${url.host}${url.pathname.length > 1 ? '/…' : ''}`;
  } catch {
    return 'webhook';
  }
}

export function deliveriesAsTable(rows: readonly DeliveryRow[], counts: Record<DeliveryStatus, number>): string {
  const summary = `Deliveries: ${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead\n`;
  if (rows.length === 0) return `${summary}  none\n`;
  const when = (r: DeliveryRow) =>
    r.status === 'delivered' ? `delivered ${formatLocal(r.deliveredAt!)}` : r.status === 'pending' ? `next ${formatLocal(r.nextAttemptAt)}` : 'gave up';
  return (
    summary +
    renderTable(
      ['id', 'lead', 'kind', 'target', 'status', 'attempts', 'when', 'last error'],
      rows.map((r) => [String(r.id), String(r.leadId), r.kind, targetLabel(r.target), r.status, String(r.attempts), when(r), r.lastError ?? '']),
      60,
    )
  );
}

export function deliveriesAsJson(rows: readonly DeliveryRow[]): string {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return (
    terminalSafeJson(
      rows.map((r) => ({
        id: r.id,
        leadId: r.leadId,
        kind: r.kind,
        target: targetLabel(r.target),
        status: r.status,
        attempts: r.attempts,
        createdAt: iso(r.createdAt),
        nextAttemptAt: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
        deliveredAt: iso(r.deliveredAt),
        lastError: r.lastError,
      })),
    ) + '\n'
  );
}
