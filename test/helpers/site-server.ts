import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig, type ServerConfig } from '../../server/config.ts';

export const distDir = path.resolve(import.meta.dirname, '../../', process.env.DIST_DIR ?? 'dist');

/**
 * The real local service (built site + intake API) on 127.0.0.1 with a fresh
 * database folder. Needs `npm run build` first.
 */
export async function startSite(env: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No built site in ${distDir}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const config: ServerConfig = {
    ...loadServerConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000', ...env }),
    host: '127.0.0.1',
    port: 0,
    distDir,
    dataDir,
  };
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    app,
    async stop() {
      // Graceful close waits for the browser's keep-alive connections; don't wait long.
      const force = setTimeout(() => app.server.closeAllConnections(), 3_000);
      await app.close();
      clearTimeout(force);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
