import type { Db } from './db.ts';

/**
 * Group commit: writes requested during one turn of the event loop are committed together
 * in one transaction (one WAL append instead of one per request), then every caller's
 * promise settles. A caller is only told "done" after the commit, so answering success
 * after `await run(...)` still means the row is in the file. Each job runs in its own
 * savepoint: a job that throws fails alone; the rest of the batch commits.
 */
export function createWriteBatcher(db: Db) {
  interface Job {
    work: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let queue: Job[] = [];
  let scheduled = false;

  const runJob = db.transaction((work: () => unknown) => work()); // nested → SAVEPOINT
  const runBatch = db.transaction((jobs: Job[]) => {
    const outcomes: [ok: boolean, value: unknown][] = [];
    for (const job of jobs) {
      try {
        outcomes.push([true, runJob(job.work)]);
      } catch (error) {
        outcomes.push([false, error]);
      }
    }
    return outcomes;
  });

  function flush(): void {
    scheduled = false;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    let outcomes: [boolean, unknown][];
    try {
      outcomes = runBatch.immediate(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const [ok, value] = outcomes[i]!;
      if (ok) job.resolve(value);
      else job.reject(value);
    });
  }

  return {
    /** Runs `work` inside the next batch transaction; resolves with its result after the commit. */
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Commits whatever is queued now (used before closing the database). */
    flush,
  };
}

export type WriteBatcher = ReturnType<typeof createWriteBatcher>;
