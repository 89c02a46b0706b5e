import path from 'node:path';
import { defineConfig } from 'vite';
import { repoRoot } from './server/folders.ts';

/**
 * `npm run build`'s second step: the service and its operator commands compiled to plain
 * JavaScript in server-build/, so a server runs them with `node` alone after `npm ci
 * --omit=dev` (scripts/run.mjs picks them when tsx, a development tool, is not installed).
 * The project's own code (server/, contract/, site.config.ts, the commands' scripts/) is
 * bundled; every package stays in node_modules. Every file lands directly in server-build/:
 * server/folders.ts finds the repository one folder up from the file it is bundled into.
 */
export const SERVER_BUILD_DIR = 'server-build';

/** What runs as a process: the service and the operator commands (package.json runs each through scripts/run.mjs). */
export const SERVICE_ENTRIES = {
  main: 'server/main.ts',
  leads: 'scripts/leads.ts',
  vitals: 'scripts/vitals.ts',
  funnel: 'scripts/funnel.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  team: 'scripts/team.ts',
  'migrate-store': 'scripts/migrate-store.ts',
} as const;

export default defineConfig({
  root: repoRoot,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: path.join(repoRoot, SERVER_BUILD_DIR),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: Object.fromEntries(Object.entries(SERVICE_ENTRIES).map(([name, file]) => [name, path.join(repoRoot, file)])),
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
