/**
 * GET /health/ready: whether the service is doing its whole job, for a monitor (not a load
 * balancer: a dead delivery does not stop it taking leads, and /health says whether it can).
 * 200 {"status":"ready"} or 503 {"status":"not ready","reasons":[…]} when the store cannot
 * take a write, a delivery is dead (its retries ran out), the oldest pending delivery has
 * waited longer than DELIVERY_MAX_PENDING_AGE_S, or the data folder's disk has less free than
 * DISK_MIN_FREE_MB. Public like /health: a reason names a target by its kind only (`webhook`,
 * `email`), never its address.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { WriteCheck } from './health.ts';
import type { DeliveryBacklog } from './monitor-reads.ts';
import { VERSION } from './version.ts';

export const READY_PATH = '/health/ready';

export interface DiskSpace {
  freeBytes: number;
  sizeBytes: number;
}

/** Free and total bytes of the disk holding `dir` (what an unprivileged process may use). */
export async function diskSpace(dir: string): Promise<DiskSpace> {
  const stats = await fs.promises.statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
}

export interface ReadinessFacts {
  writable: WriteCheck;
  backlog: readonly DeliveryBacklog[];
  /** Undefined with PostgreSQL (its disk is its server's) or when DISK_MIN_FREE_MB is 0. */
  disk: DiskSpace | undefined;
}

export interface ReadinessLimits {
  maxPendingAgeS: number;
  diskMinFreeMb: number;
}

const MB = 1024 * 1024;
const deliveries = (n: number) => (n === 1 ? '1 delivery' : `${n} deliveries`);
const kindOf = (target: string) => target.split(' ')[0]!;

/** Every reason the service is not ready now; none: ready. */
export function readinessProblems(facts: ReadinessFacts, limits: ReadinessLimits, now: number): string[] {
  const reasons: string[] = [];
  if (!facts.writable.ok) reasons.push(facts.writable.reason);
  for (const { target, dead } of facts.backlog) {
    if (dead > 0) reasons.push(`${deliveries(dead)} to ${kindOf(target)} ${dead === 1 ? 'is dead: its' : 'are dead: their'} retries ran out (npm run leads -- --deliveries, then --redeliver ID)`);
  }
  for (const { target, oldestPendingAt } of facts.backlog) {
    const ageS = oldestPendingAt === null ? 0 : Math.floor((now - oldestPendingAt) / 1000);
    if (ageS > limits.maxPendingAgeS) reasons.push(`a delivery to ${kindOf(target)} has waited ${ageS} s, longer than DELIVERY_MAX_PENDING_AGE_S (${limits.maxPendingAgeS} s)`);
  }
  if (facts.disk && facts.disk.freeBytes < limits.diskMinFreeMb * MB) {
    reasons.push(`the data folder's disk has ${Math.floor(facts.disk.freeBytes / MB)} MB free, less than DISK_MIN_FREE_MB (${limits.diskMinFreeMb} MB)`);
  }
  return reasons;
}

export function registerReadinessRoute(app: FastifyInstance, facts: () => Promise<ReadinessFacts>, limits: ReadinessLimits, now: () => number = Date.now): void {
  // Each cause is logged where it happens (a dead delivery at error); a monitor asking every few seconds adds nothing to the log.
  app.get(READY_PATH, { config: { rateLimit: false }, logLevel: 'warn' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reasons = readinessProblems(await facts(), limits, now());
    if (reasons.length === 0) return reply.send({ status: 'ready', version: VERSION });
    return reply.code(503).send({ status: 'not ready', reasons, version: VERSION });
  });
}
