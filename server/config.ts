import net from 'node:net';
import { dataDir, distDir } from '../scripts/paths.ts';
import { loadSiteConfig } from '../site.config.ts';

/** The largest request body accepted (a lead is far smaller); /health proves a row this large still fits. */
export const BODY_LIMIT_BYTES = 16 * 1024;

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
  /** The site's own origin for the own-origin check (PUBLIC_ORIGIN, default the origin of SITE_URL). */
  publicOrigin: string;
  /** Send Strict-Transport-Security on every response: SITE_URL is https (production sits behind TLS). */
  hsts: boolean;
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe for the client address. */
  trustProxy: boolean | number | string[];
  /** Whole request (headers and body) must arrive within this; headers within headersTimeoutMs. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How long a write waits for another process's database lock before the request gets 503. */
  dbBusyTimeoutMs: number;
  /** Leads older than this many days are erased by the daily retention purge. */
  leadRetentionDays: number;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * TRUST_PROXY: empty or `false` (default: the socket's address is the client), `true`
 * (trust every hop: only when the port is reachable through the proxy alone), a hop count
 * (`1` = one proxy in front), or a comma-separated list of proxy addresses/CIDRs
 * (`127.0.0.1,10.0.0.0/8`; also `loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    const address = entry.split('/')[0]!;
    if (!net.isIP(address) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not true, false, a hop count, an IP address, a CIDR or loopback/linklocal/uniquelocal`);
    }
  }
  return list;
}

function originOf(name: string, url: string): string {
  try {
    const { origin } = new URL(url);
    if (origin !== 'null') return origin;
  } catch {
    /* reported below */
  }
  throw new Error(`${name} must be an absolute http(s) URL, got "${url}"`);
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const site = loadSiteConfig(env);
  const siteUrl = site.siteUrl;
  const requestTimeoutMs = int(env.REQUEST_TIMEOUT_MS, 30_000);
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
    publicOrigin: originOf(env.PUBLIC_ORIGIN ? 'PUBLIC_ORIGIN' : 'SITE_URL', env.PUBLIC_ORIGIN?.trim() || siteUrl),
    hsts: siteUrl.startsWith('https:'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs,
    headersTimeoutMs: Math.min(int(env.HEADERS_TIMEOUT_MS, 10_000), requestTimeoutMs),
    keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
    dbBusyTimeoutMs: int(env.DB_BUSY_TIMEOUT_MS, 5_000),
    leadRetentionDays: site.privacy.retentionDays,
  };
}
