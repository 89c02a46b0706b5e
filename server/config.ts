import net from 'node:net';
import { dataDir, distDir } from './folders.ts';
import { loadSiteConfig } from '../site.config.ts';

/** The largest request body accepted (a lead is far smaller); /health proves a row this large still fits. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export interface ServerConfig {
  host: string;
  port: number;
  /** The built site to serve. */
  distDir: string;
  /** Folder of the embedded database (created on first start); unused with databaseUrl. */
  dataDir: string;
  /** DATABASE_URL: one PostgreSQL database shared by every instance; unset: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** With PostgreSQL: how long a claimed delivery is its instance's before another may take it over (longer than any send). */
  deliveryLeaseMs: number;
  /** When not empty, the only origins (besides the site's own) that may post leads; empty: any origin. */
  allowedOrigins: string[];
  /** Requests per IP per window on the intake endpoints. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Requests per IP per window on POST /vitals (beacons are more frequent than form submissions). */
  vitalsRateLimitMax: number;
  /** Log level for the structured (JSON) request log. */
  logLevel: string;
  /** Standard Webhooks receivers of every lead, and their signing secret ("whsec_…"). */
  webhookUrls: string[];
  webhookSecret: string | undefined;
  /** An email per lead, when SMTP_URL is set. */
  email: { smtpUrl: string; to: string; from: string } | undefined;
  /** Wait before the first retry of a failed delivery; later ones double. */
  deliveryRetryBaseMs: number;
  /** Whether a lead needs a proof-of-work solution not to be flagged as spam (SPAM_CHALLENGE=off: no). */
  spamChallenge: boolean;
  /** The ALTCHA HMAC key; unset: a key kept in DATA_DIR. */
  altchaHmacKey: string | undefined;
  /** ALTCHA difficulty: the solution is a number below this. */
  altchaMaxNumber: number;
  /** Field-vitals samples stored per day (UTC), at most; beacons beyond are answered and dropped. */
  vitalsDailyCap: number;
  /** Field-vitals samples older than this are deleted. */
  vitalsRetentionDays: number;
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

/** A setting that cannot work as given: the service refuses to start and says which. */
export class ConfigError extends Error {}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function webhookSettings(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'webhookUrls' | 'webhookSecret'> {
  const urls = list(env.WEBHOOK_URLS);
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      /* reported below */
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new ConfigError(`WEBHOOK_URLS: "${url}" is not an http(s) URL`);
  }
  const secret = env.WEBHOOK_SECRET?.trim() || undefined;
  if (urls.length && !secret) throw new ConfigError('WEBHOOK_SECRET is required with WEBHOOK_URLS (whsec_ followed by base64)');
  if (secret && !/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(secret)) {
    throw new ConfigError('WEBHOOK_SECRET must be whsec_ followed by a base64 key of at least 12 bytes');
  }
  return { webhookUrls: urls, webhookSecret: secret };
}

function emailSettings(env: NodeJS.ProcessEnv): ServerConfig['email'] {
  const smtpUrl = env.SMTP_URL?.trim();
  const to = list(env.NOTIFY_EMAIL_TO).join(', ');
  if (!smtpUrl) {
    if (to) throw new ConfigError('NOTIFY_EMAIL_TO is set but SMTP_URL is not: no email can be sent');
    return undefined;
  }
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  if (!to) throw new ConfigError('NOTIFY_EMAIL_TO is required with SMTP_URL');
  return { smtpUrl, to, from: env.NOTIFY_EMAIL_FROM?.trim() || list(env.NOTIFY_EMAIL_TO)[0]! };
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return url;
}

/** A claim must outlast the slowest send (a webhook's 10 s timeout, an email's), or two instances could send the same delivery. */
const MIN_LEASE_MS = 15_000;

function onOff(name: string, value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'on') return true;
  if (v === 'off') return false;
  throw new ConfigError(`${name} must be "on" or "off"`);
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
    databaseUrl: databaseUrl(env),
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    deliveryLeaseMs: Math.max(MIN_LEASE_MS, int(env.DELIVERY_LEASE_MS, 60_000)),
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => o.replace(/\/+$/, '')),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 30),
    rateLimitWindowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    vitalsRateLimitMax: int(env.VITALS_RATE_LIMIT_MAX, 120),
    logLevel: env.LOG_LEVEL || 'info',
    ...webhookSettings(env),
    email: emailSettings(env),
    deliveryRetryBaseMs: int(env.DELIVERY_RETRY_BASE_MS, 30_000),
    spamChallenge: onOff('SPAM_CHALLENGE', env.SPAM_CHALLENGE),
    altchaHmacKey: env.ALTCHA_HMAC_KEY?.trim() || undefined,
    altchaMaxNumber: int(env.ALTCHA_MAX_NUMBER, 50_000),
    vitalsDailyCap: int(env.VITALS_DAILY_CAP, 50_000),
    vitalsRetentionDays: int(env.VITALS_RETENTION_DAYS, 90),
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
