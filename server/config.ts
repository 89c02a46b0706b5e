import { dataDir, distDir } from '../scripts/paths.ts';

export interface ServerConfig {
  host: string;
  port: number;
  /** The built site to serve. */
  distDir: string;
  /** Folder of the embedded database (created on first start). */
  dataDir: string;
  /** Partner origins allowed to call the API cross-origin, besides the site's own. */
  allowedOrigins: string[];
  /** Requests per IP per window on the intake endpoints. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Requests per IP per window on POST /vitals (beacons are more frequent than form submissions). */
  vitalsRateLimitMax: number;
  /** Log level for the structured (JSON) request log. */
  logLevel: string;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 8080),
    distDir: distDir(env),
    dataDir: dataDir(env),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 30),
    rateLimitWindowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    vitalsRateLimitMax: int(env.VITALS_RATE_LIMIT_MAX, 120),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
