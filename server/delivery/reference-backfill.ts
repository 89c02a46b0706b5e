import type { FastifyBaseLogger } from 'fastify';
import type { IntakeStore } from '../store/store.ts';

/** Leads given their reference per batch: a few hundred milliseconds of work, between which requests are served. */
const BATCH = 2_000;

/**
 * Gives every lead stored before references (an older release's store) its reference, in
 * batches, after the service has started: a million such leads take a minute or two of
 * background work instead of a start that takes as long (or never finishes within a
 * timeout). Resolves when none is missing one, or when `stopped()` says so; on a store
 * whose leads all have one (every store made by this release) that is one indexed query.
 */
export async function backfillReferences(store: Pick<IntakeStore, 'assignMissingReferences'>, log: FastifyBaseLogger, stopped: () => boolean): Promise<void> {
  const started = Date.now();
  let total = 0;
  while (!stopped()) {
    const assigned = await store.assignMissingReferences(BATCH);
    if (assigned === 0) break;
    if (total === 0) log.info('giving the leads stored before references theirs, in the background');
    total += assigned;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (total > 0) log.info({ leads: total, seconds: Math.round((Date.now() - started) / 1000) }, 'every lead has its reference');
}
