import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadServerConfig } from './config.ts';
import { effectiveSettings, unknownSettingWarnings } from './ops/start-report.ts';

// Whatever this process creates (the database and its -wal/-shm, backups, keys) is its user's alone.
process.umask(0o077);

let app: FastifyInstance | undefined;
let closing = false;
const shutdown = async (reason: string) => {
  if (closing || !app) return;
  closing = true;
  app.log.info({ reason }, 'shutting down: finishing requests in flight');
  // A browser can hold a keep-alive connection open indefinitely: give requests in
  // flight ten seconds, then close whatever is left.
  setTimeout(() => app?.server.closeAllConnections(), 10_000).unref();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Started by npm (npm start, npm run serve): the scripts `exec` node so npm's own SIGTERM
// and SIGINT reach it, but if npm goes away without passing a signal on (killed outright),
// this process is re-parented; notice it and drain the same way.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('npm, the parent process, exited');
  }, 500).unref();
}

try {
  const config = loadServerConfig();
  app = await buildApp(config);
  for (const warning of unknownSettingWarnings(process.env)) app.log.warn(warning);
  await app.listen({ host: config.host, port: config.port });
  // One line with the effective settings (never a secret): what an operator checks first.
  app.log.info({ settings: effectiveSettings(config) }, `site and intake service on http://${config.host}:${config.port}`);
} catch (error) {
  const message = (error as Error).message;
  process.stderr.write(error instanceof ConfigError ? `configuration: ${message}\n` : `startup failed: ${message}\n`);
  process.exit(1);
}
