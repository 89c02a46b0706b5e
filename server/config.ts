import net from 'node:net';
import { DEFAULT_LEAD_RETENTION_DAYS } from '../contract/collection-notice.ts';
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR, dataDir, distDir } from './folders.ts';
import { DEFAULT_SITE_URL, loadSiteConfig, SITE_SETTINGS, type SettingDoc, type SiteConfig } from '../site.config.ts';
import type { PersonEmailFacts } from './delivery/person-email.ts';
import type { AcknowledgementLimits } from './delivery/acknowledgement.ts';

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
  /** Forms sent without script (no proof of work) per IP per hour that are taken in (form-post.ts); beyond, 429. */
  withoutProofRateLimitMax: number;
  /** CV files stored per client per hour, whichever way they came (POST /uploadResume, a form's own post); beyond, 429. */
  cvUploadRateLimitMax: number;
  /** The most bytes every CV together may take (CV_STORAGE_MAX_MB); past it a new file is refused, leads are still taken. */
  cvStorageMaxBytes: number;
  /** The key of the webhook's signed CV links; undefined: one derived from the service's key (the proof-of-work key). */
  cvLinkSecret: string | undefined;
  /** How long a webhook's CV link works, from the lead's storing. */
  cvLinkDays: number;
  /** Log level for the structured (JSON) request log. */
  logLevel: string;
  /** Standard Webhooks receivers of every lead, and their signing secret ("whsec_…"). */
  webhookUrls: string[];
  webhookSecret: string | undefined;
  /** An email per lead, when SMTP_URL is set. */
  email: { smtpUrl: string; to: string; from: string } | undefined;
  /**
   * Emails to the person who sent a form, when SMTP_URL is set: what they say about the
   * site, and whether every lead is acknowledged (ACK_EMAILS); an application's outcome is
   * written when a team member confirms it.
   */
  personEmail: (PersonEmailFacts & { acknowledge: boolean; limits: AcknowledgementLimits }) | undefined;
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
  /** INSIGHT_TOKEN: turns on GET /_insight for requests that carry it (server/funnel/insight.ts); undefined: off. */
  insightToken: string | undefined;
  /** The origin the team opens /team/ on (TEAM_ORIGIN, else SITE_URL's): the passkeys' relying party, the origin every team POST must come from, and the origin of invitation and notification links. */
  teamOrigin: string;
  /** GET /health/ready fails once the oldest pending delivery has waited longer than this (seconds). */
  deliveryMaxPendingAgeS: number;
  /** GET /health/ready fails when the data folder's disk has less free than this (MB); 0: not checked. */
  diskMinFreeMb: number;
  /** METRICS_TOKEN: turns on GET /metrics for requests that carry it (server/ops/metrics-route.ts); undefined: off. */
  metricsToken: string | undefined;
}

/** A claim must outlast the slowest send (a webhook's 10 s timeout, an email's), or two instances could send the same delivery. */
const MIN_LEASE_MS = 15_000;

/**
 * A run-time setting: its documentation and, for a whole number, the range it must lie in
 * (`min` 1 unless said, no `max` unless said): a value that does not parse or lies outside
 * stops the start with a sentence naming the setting.
 */
interface ServerSettingDoc extends SettingDoc {
  min?: number;
  max?: number;
}

/**
 * Every environment variable the service (or its operator commands) reads, with its
 * default and what it does, in the order docs/operations.md's generated table lists them
 * (`npm run docs:config`, scripts/config-table.ts). The loader below takes its defaults from here.
 */
export const SETTINGS = {
  PORT: {
    default: 8080,
    max: 65_535,
    description: 'port of the site and intake service',
  },
  HOST: {
    default: '127.0.0.1',
    description: 'address to listen on (`0.0.0.0` to expose it)',
  },
  DATA_DIR: {
    default: `${DEFAULT_DATA_DIR}/`,
    description:
      'the service\'s data folder (created on first start): `leads.db` (leads, the delivery outbox, used proof-of-work solutions, idempotency keys, acknowledged addresses), `vitals.db` (field Web Vitals), `altcha-hmac.key` (made once when `ALTCHA_HMAC_KEY` is unset); a relative path is taken from the repository root. At every start the folder is made 0700 and every file in it 0600; the process runs with umask 077. Not used with `DATABASE_URL`',
  },
  DIST_DIR: {
    default: `${DEFAULT_DIST_DIR}/`,
    description: 'the built site to serve (and where `npm run build` writes); a relative path is taken from the repository root',
  },
  DATABASE_URL: {
    defaultText: 'empty: SQLite in `DATA_DIR`',
    description:
      '`postgres://USER:PASSWORD@HOST:5432/DATABASE` (or `postgresql://`): every instance shares one PostgreSQL (leads, outbox, used proof-of-work solutions, idempotency keys, acknowledged addresses, rate limits, vitals); migrations run at start under an advisory lock. The operator commands use it too',
  },
  DATABASE_POOL_SIZE: {
    default: 10,
    max: 1_000,
    description: 'with PostgreSQL: connections each instance keeps at most (instances × pool size must stay under the server\'s `max_connections`)',
  },
  DELIVERY_LEASE_MS: {
    default: 60_000,
    min: MIN_LEASE_MS,
    description: `with PostgreSQL: how long a delivery claimed by one instance is its own before another may take it over (its instance died); at least ${MIN_LEASE_MS}`,
  },
  SITE_URL: {
    default: DEFAULT_SITE_URL,
    description:
      'the public site (read at build time too); its origin is the default `PUBLIC_ORIGIN`, and when it is https every response carries `Strict-Transport-Security: max-age=63072000; includeSubDomains`',
  },
  PUBLIC_ORIGIN: {
    defaultText: 'the origin of `SITE_URL`',
    description:
      'the site\'s own origin for the `ALLOWED_ORIGINS` check (never the `Host` header, which a proxy may rewrite); the address the process is reached at directly (`http://127.0.0.1:8080`, `http://localhost:8080`) is accepted too',
  },
  ALLOWED_ORIGINS: {
    defaultText: 'empty: any site may post',
    description:
      'an optional restriction: comma-separated origins allowed to post leads (`null` for sandboxed frames, `*` for any); the site\'s own origin is always allowed; any other gets 403 with a message the form shows, and nothing is stored',
  },
  TRUST_PROXY: {
    defaultText: 'off',
    description:
      'behind a reverse proxy, which `X-Forwarded-For` to believe for the client address that keys the rate limits. Best: the proxy\'s addresses/CIDRs (`127.0.0.1`, `10.0.0.0/8`, or `loopback`, `linklocal`, `uniquelocal`): a direct caller\'s header is then ignored. A hop count (`1`) or `true` believes the header from anyone who reaches the port, so a caller who bypasses the proxy picks its own address (and escapes its limits): use them only when the port is reachable through the proxy alone. Off, every visitor behind a proxy shares one bucket ([operations](operations.md#behind-a-reverse-proxy-trust_proxy))',
  },
  REQUEST_TIMEOUT_MS: {
    default: 30_000,
    description: 'a request\'s headers and body must arrive within this, or the connection is cut (408)',
  },
  HEADERS_TIMEOUT_MS: {
    default: 10_000,
    description: 'the headers within this (at most `REQUEST_TIMEOUT_MS`)',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    default: 72_000,
    description: 'an idle keep-alive connection is closed after this (keep it longer than a proxy\'s upstream idle timeout)',
  },
  DB_BUSY_TIMEOUT_MS: {
    default: 5_000,
    description:
      'how long a write waits for another process\'s database lock (a `sqlite3` shell, a backup) before the submission is answered 503; pages and `/health` never wait',
  },
  LEAD_RETENTION_DAYS: {
    default: DEFAULT_LEAD_RETENTION_DAYS,
    description:
      'leads older than this are erased at start and daily by the service, and by `npm run leads -- --purge`; read at build time too, for the retention the notices and privacy pages state (give the build and the service the same value)',
  },
  BACKUP_DIR: {
    defaultText: '`$XDG_STATE_HOME/societydesk/backups` (`~/.local/state/societydesk/backups` without it): outside the repository',
    description: 'where `npm run backup` writes, and `npm run restore` looks for the newest backup; a relative path is taken from the repository root ([backups](operations.md#backups))',
  },
  RATE_LIMIT_MAX: {
    default: 30,
    description: 'lead submissions per client address per window (429 beyond); `GET /altcha-challenge` allows 4 × this',
  },
  RATE_LIMIT_WINDOW_MS: {
    default: 60_000,
    description: 'the rate-limit window',
  },
  VITALS_RATE_LIMIT_MAX: {
    default: 120,
    description: 'vitals beacons per client address per window',
  },
  WITHOUT_PROOF_RATE_LIMIT_MAX: {
    default: 10,
    description:
      'forms sent without JavaScript (so without proof of work) taken in per client address per hour; beyond, the form comes back with a 429 and its values (docs/intake-api.md, "Forms sent without script")',
  },
  CV_UPLOAD_RATE_LIMIT_MAX: {
    default: 20,
    description:
      'CV files (at most 5 MB each) stored per client (an IPv4 address or an IPv6 /64) per hour, whichever way they came (`POST /uploadResume`, or a career form sent without script), besides `RATE_LIMIT_MAX`; beyond, 429 with a sentence (a form sent without script comes back with its values, nothing stored). An upload no application claims within 24 hours is deleted, and so is the CV of a lead in spam a day after it came, unless the team takes it out of spam ([intake API](intake-api.md#cv-upload))',
  },
  CV_STORAGE_MAX_MB: {
    default: 2048,
    description:
      'the most every stored CV together may take, in megabytes: past it a new file is refused (507, with a sentence in the form\'s language that asks to send the application without one) while applications without a file are still taken; a form sent without script with a file comes back with its values, nothing stored',
  },
  CV_LINK_SECRET: {
    defaultText: 'derived from the service\'s key (`ALTCHA_HMAC_KEY` or the one kept with the data)',
    description:
      'the HMAC key of the signed, expiring CV links in lead webhooks (at least 32 characters); change it to void every link given out',
  },
  CV_LINK_DAYS: {
    default: 7,
    max: 365,
    description: 'how many days a webhook\'s CV link works, counted from when the lead was stored',
  },
  LOG_LEVEL: {
    default: 'info',
    description: 'level of the structured JSON logs (`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`); they carry a lead\'s id, never its personal data',
  },
  NODE_ENV: {
    defaultText: 'unset',
    description:
      '`production`: the start refuses the placeholders of `site.config.ts` (`SITE_URL` on `societydesk.example` or any `.example` host, and the illustrative Grievance Officer, `GRIEVANCE_OFFICER_*`)',
  },
  WEBHOOK_URLS: {
    defaultText: 'empty',
    description: 'comma-separated http(s) URLs; each lead is POSTed to every one, signed per Standard Webhooks',
  },
  WEBHOOK_SECRET: {
    defaultText: 'none; required with `WEBHOOK_URLS`',
    description: 'the signing secret, `whsec_` + base64 (at least 12 bytes)',
  },
  SMTP_URL: {
    defaultText: 'empty: no email',
    description: '`smtp://user:pass@smtp.example.com:587` or `smtps://…:465`: an email per lead to the team, and the emails to the person who sent a form (`ACK_EMAILS`)',
  },
  NOTIFY_EMAIL_TO: {
    defaultText: 'none; required with `SMTP_URL`',
    description: 'comma-separated recipients of the lead emails',
  },
  NOTIFY_EMAIL_FROM: {
    defaultText: 'the first `NOTIFY_EMAIL_TO` address',
    description:
      'sender of the lead emails, e.g. `SocietyDesk leads <leads@societydesk.example>`; its address, under `SITE_NAME`, also sends the emails to the person who sent a form',
  },
  ACK_EMAILS: {
    default: 'on',
    description:
      'with `SMTP_URL`: a person\'s lead sent with its proof of work (never spam, never a repeat, never a form sent without script; a lead the team takes out of spam is acknowledged then) is acknowledged by an email to the address they gave, in the form\'s language: its reference, the form\'s kind and date, what happens next, how to withdraw consent or see, correct or erase their data, and the Grievance Officer, and nothing they typed (no name, not even in `To:`); at most one per mailbox per 24 hours (`a+tag@` and, at Gmail, `a.b@` are the mailbox they reach); `Reply-To` is `CONTACT_EMAIL`. `off`: none (the team\'s email per lead stays on). Without `SMTP_URL` none is sent',
  },
  ACK_EMAILS_PER_HOUR: {
    default: 10,
    description:
      'acknowledgements one client (an IPv4 address or an IPv6 /64) may cause per hour; its leads past it are stored and delivered to the team, unacknowledged',
  },
  ACK_EMAILS_PER_DAY: {
    default: 500,
    description: 'acknowledgements the whole service sends per day (every instance together), at most; leads past it are stored and delivered to the team, unacknowledged',
  },
  DELIVERY_RETRY_BASE_MS: {
    default: 30_000,
    description:
      'wait before the first retry of a failed delivery; each retry waits twice the one before (at most 120 × this), plus up to 50 % random jitter; after 31 attempts (at least 24 h at the default) the delivery is marked dead',
  },
  DELIVERY_MAX_PENDING_AGE_S: {
    default: 1_800,
    description:
      '`GET /health/ready` fails (503) once the oldest pending delivery has waited longer than this many seconds, as it does while any delivery is dead; `/metrics` has the age ([monitoring](operations.md#monitoring))',
  },
  DISK_MIN_FREE_MB: {
    default: 512,
    min: 0,
    description: '`GET /health/ready` fails when the disk of `DATA_DIR` has less free space than this many MB (`0`: not checked; not checked with `DATABASE_URL`, whose server has its own disk)',
  },
  SPAM_CHALLENGE: {
    default: 'on',
    description: '`off`: leads need no proof-of-work solution (none is flagged as spam but a form whose honeypot was filled in)',
  },
  ALTCHA_HMAC_KEY: {
    defaultText: 'a random key kept in `DATA_DIR/altcha-hmac.key` (with PostgreSQL: in its `settings` table)',
    description:
      'the key that signs proof-of-work challenges, and from which the CV links\' key is derived when `CV_LINK_SECRET` is unset (set it when several processes share the work): at least 32 printable characters with some variety (`openssl rand -hex 24`; a weak one stops the start)',
  },
  ALTCHA_MAX_NUMBER: {
    default: 50_000,
    description: 'proof-of-work difficulty: the solution is a number below this (a phone solves 50 000 in a few seconds, while the visitor types)',
  },
  VITALS_DAILY_CAP: {
    default: 50_000,
    description:
      'field-vitals samples stored per UTC day, at most 1 % of them (and at least 5) from one client (an IPv4 address or an IPv6 /64, counted in memory, never stored); beacons past either are answered 204 and dropped',
  },
  VITALS_RETENTION_DAYS: {
    default: 90,
    description: 'field-vitals samples and funnel counts older than this are deleted (at start and hourly)',
  },
  INSIGHT_TOKEN: {
    defaultText: 'unset: `/_insight` answers 404',
    description:
      'at least 32 printable characters with some variety (`openssl rand -hex 24`; a weak one stops the start): turns on `GET /_insight` (the funnel page) for requests carrying it as `Authorization: Bearer …`, or the 30-minute cookie its sign-in form (`/_insight/sign-in`) sets; never in the address. 20 wrong tries per client an hour, then 429 ([funnel](funnel.md#reading-it))',
  },
  METRICS_TOKEN: {
    defaultText: 'unset: `/metrics` answers 404',
    description:
      'as strong as `INSIGHT_TOKEN` (`openssl rand -hex 24`): turns on `GET /metrics` (Prometheus text format) for requests carrying it as `Authorization: Bearer …` (Prometheus: `authorization: { credentials_file: … }`); 20 wrong tries per client an hour, then 429 ([monitoring](operations.md#monitoring))',
  },
  TEAM_ORIGIN: {
    defaultText: 'the origin of `SITE_URL`',
    description:
      'the origin the team opens `/team/` on (`https://team.example.in`, or `http://localhost:8080` for a local run: passkeys refuse an IP address): the passkeys\' relying party (its host name), the only `Origin` a state-changing team request may come from, and the origin of invitation links and of the worklist links in lead webhooks and emails ([team](team.md))',
  },
} as const satisfies Record<string, ServerSettingDoc>;

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

/** The person's emails come from NOTIFY_EMAIL_FROM's address under the brand's name; the rest from the site's configuration. */
function personEmailSettings(from: string, site: SiteConfig, acknowledge: boolean, limits: AcknowledgementLimits): ServerConfig['personEmail'] {
  const address = from.match(/<([^<>\s]+)>\s*$/)?.[1] ?? from.trim();
  return {
    acknowledge,
    limits,
    from: { name: site.brandName, address },
    contactEmail: site.contact.email,
    brandName: site.brandName,
    siteUrl: site.siteUrl,
    grievanceOfficer: { name: site.grievanceOfficer.name, email: site.grievanceOfficer.email, phone: site.grievanceOfficer.phone },
    retentionDays: site.privacy.retentionDays,
  };
}

function cvLinkSecret(value: string | undefined): string | undefined {
  const secret = value?.trim();
  if (!secret) return undefined;
  if (secret.length < 32) throw new ConfigError('CV_LINK_SECRET must be at least 32 characters');
  return secret;
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return url;
}


function onOff(name: string, value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'on') return true;
  if (v === 'off') return false;
  throw new ConfigError(`${name} must be "on" or "off"`);
}

type NumberSetting = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends { default: number } ? K : never }[keyof typeof SETTINGS];

/**
 * A whole-number setting: unset or empty takes its default; anything else must be digits
 * within the setting's range (SETTINGS: `min`, 1 unless said; `max`), or the start stops
 * with a sentence that names the setting, what it takes and what it got.
 */
function integer(env: NodeJS.ProcessEnv, name: NumberSetting): number {
  const setting: ServerSettingDoc & { default: number } = SETTINGS[name];
  const raw = env[name]?.trim();
  if (!raw) return setting.default;
  const min = setting.min ?? 1;
  const max = setting.max ?? Number.MAX_SAFE_INTEGER;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    const range = setting.max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range} (default ${setting.default}); got "${raw}"`);
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string | undefined): string {
  const level = value?.trim().toLowerCase() || SETTINGS.LOG_LEVEL.default;
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${value}"`);
  return level;
}

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
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not true, false, a hop count, an IP address, a CIDR or loopback/linklocal/uniquelocal`);
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
  throw new ConfigError(`${name} must be an absolute http(s) URL, got "${url}"`);
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const site = siteConfig(env);
  const siteUrl = site.siteUrl;
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS');
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS');
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const email = emailSettings(env);
  const acknowledge = onOff('ACK_EMAILS', env.ACK_EMAILS);
  return {
    host: env.HOST?.trim() || SETTINGS.HOST.default,
    port: integer(env, 'PORT'),
    distDir: distDir(env),
    dataDir: dataDir(env),
    databaseUrl: databaseUrl(env),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE'),
    deliveryLeaseMs: integer(env, 'DELIVERY_LEASE_MS'),
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => o.replace(/\/+$/, '')),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX'),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS'),
    vitalsRateLimitMax: integer(env, 'VITALS_RATE_LIMIT_MAX'),
    withoutProofRateLimitMax: integer(env, 'WITHOUT_PROOF_RATE_LIMIT_MAX'),
    cvUploadRateLimitMax: integer(env, 'CV_UPLOAD_RATE_LIMIT_MAX'),
    cvStorageMaxBytes: integer(env, 'CV_STORAGE_MAX_MB') * 1024 * 1024,
    cvLinkSecret: cvLinkSecret(env.CV_LINK_SECRET),
    cvLinkDays: integer(env, 'CV_LINK_DAYS'),
    logLevel: logLevel(env.LOG_LEVEL),
    ...webhookSettings(env),
    email,
    personEmail:
      email &&
      personEmailSettings(email.from, site, acknowledge, {
        perHour: integer(env, 'ACK_EMAILS_PER_HOUR'),
        perDay: integer(env, 'ACK_EMAILS_PER_DAY'),
      }),
    deliveryRetryBaseMs: integer(env, 'DELIVERY_RETRY_BASE_MS'),
    spamChallenge: onOff('SPAM_CHALLENGE', env.SPAM_CHALLENGE),
    altchaHmacKey: strongSecret('ALTCHA_HMAC_KEY', env.ALTCHA_HMAC_KEY),
    altchaMaxNumber: integer(env, 'ALTCHA_MAX_NUMBER'),
    vitalsDailyCap: integer(env, 'VITALS_DAILY_CAP'),
    vitalsRetentionDays: integer(env, 'VITALS_RETENTION_DAYS'),
    publicOrigin: originOf(env.PUBLIC_ORIGIN ? 'PUBLIC_ORIGIN' : 'SITE_URL', env.PUBLIC_ORIGIN?.trim() || siteUrl),
    hsts: siteUrl.startsWith('https:'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS'),
    dbBusyTimeoutMs: integer(env, 'DB_BUSY_TIMEOUT_MS'),
    leadRetentionDays: site.privacy.retentionDays,
    insightToken: strongSecret('INSIGHT_TOKEN', env.INSIGHT_TOKEN),
    teamOrigin: teamOrigin(env.TEAM_ORIGIN, siteUrl),
    deliveryMaxPendingAgeS: integer(env, 'DELIVERY_MAX_PENDING_AGE_S'),
    diskMinFreeMb: integer(env, 'DISK_MIN_FREE_MB'),
    metricsToken: strongSecret('METRICS_TOKEN', env.METRICS_TOKEN),
  };
}

/**
 * The site's values (site.config.ts, shared with the build), checked as the service needs
 * them: LEAD_RETENTION_DAYS in range, and under NODE_ENV=production none of the placeholders.
 */
function siteConfig(env: NodeJS.ProcessEnv): SiteConfig {
  let site: SiteConfig;
  try {
    site = loadSiteConfig(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (env.NODE_ENV?.trim() === 'production') refusePlaceholders(site);
  return site;
}

/** Values site.config.ts ships as illustrations: a real deployment (NODE_ENV=production) must set its own. */
function refusePlaceholders(site: SiteConfig): void {
  const host = URL.canParse(site.siteUrl) ? new URL(site.siteUrl).hostname : '';
  if (site.siteUrl === DEFAULT_SITE_URL || host === 'example' || host.endsWith('.example')) {
    throw new ConfigError(`SITE_URL is the placeholder ${site.siteUrl}: set the site's real address (NODE_ENV=production refuses placeholders)`);
  }
  const officer = [
    ['GRIEVANCE_OFFICER_NAME', site.grievanceOfficer.name],
    ['GRIEVANCE_OFFICER_EMAIL', site.grievanceOfficer.email],
    ['GRIEVANCE_OFFICER_PHONE', site.grievanceOfficer.phone],
  ] as const;
  for (const [name, value] of officer) {
    if (value === SITE_SETTINGS[name].default || /@[^@]*\.example$/i.test(value)) {
      throw new ConfigError(`${name} is the illustrative "${value}": name the real Grievance Officer before launch (NODE_ENV=production refuses placeholders)`);
    }
  }
}

/** TEAM_ORIGIN as an origin; an IP address is refused when set explicitly, since no browser registers a passkey for one. */
function teamOrigin(value: string | undefined, siteUrl: string): string {
  const set = value?.trim();
  if (!set) return originOf('SITE_URL', siteUrl);
  const origin = originOf('TEAM_ORIGIN', set);
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) throw new ConfigError(`TEAM_ORIGIN must name a host, not an IP address (passkeys refuse one): for a local run use http://localhost:PORT, got "${set}"`);
  return origin;
}

/** The fewest characters, and the fewest different ones, a secret (INSIGHT_TOKEN, METRICS_TOKEN, ALTCHA_HMAC_KEY) may have. */
const SECRET_MIN_LENGTH = 32;
const SECRET_MIN_DISTINCT = 10;

/**
 * A secret someone could guess (INSIGHT_TOKEN would open the funnel page to anyone, METRICS_TOKEN the metrics;
 * ALTCHA_HMAC_KEY would let a script forge proofs of work and CV links): at least 32
 * printable ASCII characters, at least 10 different ones, none making up more than a quarter
 * of it (`openssl rand -hex 24` passes; `aaaa…` or `abab…` does not).
 */
function strongSecret(name: string, value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  const counts = new Map<string, number>();
  for (const c of token) counts.set(c, (counts.get(c) ?? 0) + 1);
  const weak =
    token.length < SECRET_MIN_LENGTH ||
    !/^[\x21-\x7e]+$/.test(token) ||
    counts.size < SECRET_MIN_DISTINCT ||
    Math.max(...counts.values()) > token.length / 4;
  if (weak) {
    throw new ConfigError(
      `${name} is too easy to guess: use at least ${SECRET_MIN_LENGTH} printable characters without spaces, with at least ${SECRET_MIN_DISTINCT} different ones and none repeated through it (e.g. openssl rand -hex 24)`,
    );
  }
  return token;
}
