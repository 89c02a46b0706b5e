import { buildApp } from './app.ts';
import { ConfigError, loadServerConfig, type ServerConfig } from './config.ts';

let config: ServerConfig;
try {
  config = loadServerConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`configuration: ${error.message}\n`);
  process.exit(1);
}
const app = await buildApp(config);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // A browser can hold a keep-alive connection open indefinitely: give requests in
  // flight ten seconds, then close whatever is left.
  setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`site and intake service on http://${config.host}:${config.port}`);
