/**
 * Builds the outbox service worker (widgets/lead-form/outbox-sw.ts) as one classic script at
 * the site root, dist/outbox-sw.js: a worker's scope is its folder, and a classic script
 * with nothing to import runs in every browser that has service workers.
 */
import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { widgetsDir } from '../scripts/paths.ts';
import { OUTBOX_WORKER_PATH } from '../widgets/lead-form/lead-outbox.ts';

export function outboxWorkerPlugin(): Plugin {
  return {
    name: 'outbox-worker',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        input: path.join(widgetsDir, 'lead-form', 'outbox-sw.ts'),
        write: false,
        logLevel: 'warn',
        output: { format: 'iife', minify: true, codeSplitting: false },
      });
      const chunk = result.output.find((o) => o.type === 'chunk');
      if (!chunk) throw new Error('outbox worker: no script built');
      this.emitFile({ type: 'asset', fileName: OUTBOX_WORKER_PATH.slice(1), source: chunk.code });
    },
  };
}
