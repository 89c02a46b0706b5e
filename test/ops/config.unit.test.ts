/**
 * Issue 41, item 6: a setting that does not parse, or lies outside its range, stops the start
 * with a sentence naming it; a variable that looks like ours but is not is warned about; the
 * placeholders of site.config.ts are refused under NODE_ENV=production; the start line holds
 * the effective settings and no secret.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadServerConfig, SETTINGS } from '../../server/config.ts';
import { effectiveSettings, unknownSettingWarnings } from '../../server/ops/start-report.ts';
import { VERSION } from '../../server/ops/version.ts';
import { startServerProcess } from '../helpers/server.ts';

const REAL_SITE = {
  SITE_URL: 'https://www.rwa-desk.in',
  GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@rwa-desk.in',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
};

describe('a number setting', () => {
  it.each([
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX must be a whole number at least 1 (default 30); got "0"'],
    [{ RATE_LIMIT_MAX: '-5' }, 'RATE_LIMIT_MAX must be a whole number at least 1'],
    [{ RATE_LIMIT_MAX: '30.5' }, 'RATE_LIMIT_MAX must be a whole number'],
    [{ LEAD_RETENTION_DAYS: 'abc' }, 'LEAD_RETENTION_DAYS must be a whole number from 1 to 3650 (default 365); got "abc"'],
    [{ LEAD_RETENTION_DAYS: '0' }, 'LEAD_RETENTION_DAYS must be a whole number from 1 to 3650'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [{ PORT: '80 80' }, 'PORT must be a whole number'],
    [{ DELIVERY_LEASE_MS: '1000' }, 'DELIVERY_LEASE_MS must be a whole number at least 15000'],
    [{ DELIVERY_MAX_PENDING_AGE_S: '1e3' }, 'DELIVERY_MAX_PENDING_AGE_S must be a whole number'],
    [{ DISK_MIN_FREE_MB: 'lots' }, 'DISK_MIN_FREE_MB must be a whole number at least 0'],
    [{ HEADERS_TIMEOUT_MS: '40000' }, 'HEADERS_TIMEOUT_MS (40000) must not be longer than REQUEST_TIMEOUT_MS (30000)'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"'],
    [{ TRUST_PROXY: 'my-proxy' }, 'TRUST_PROXY: "my-proxy" is not'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN is too easy to guess'],
  ])('%j stops the start: %s', (env, message) => {
    expect(() => loadServerConfig(env)).toThrow(ConfigError);
    expect(() => loadServerConfig(env)).toThrow(message);
  });

  it('unset, empty or blank takes the default; digits (with spaces around) are taken as they are', () => {
    const defaults = loadServerConfig({ RATE_LIMIT_MAX: '', LEAD_RETENTION_DAYS: '  ' });
    expect(defaults.rateLimitMax).toBe(SETTINGS.RATE_LIMIT_MAX.default);
    expect(defaults.leadRetentionDays).toBe(365);
    expect(defaults.deliveryMaxPendingAgeS).toBe(1800);
    expect(defaults.diskMinFreeMb).toBe(512);
    const set = loadServerConfig({ RATE_LIMIT_MAX: ' 7 ', LEAD_RETENTION_DAYS: '30', DISK_MIN_FREE_MB: '0', DELIVERY_LEASE_MS: '15000' });
    expect([set.rateLimitMax, set.leadRetentionDays, set.diskMinFreeMb, set.deliveryLeaseMs]).toEqual([7, 30, 0, 15_000]);
  });
});

describe('placeholders under NODE_ENV=production', () => {
  it.each([
    [{}, 'SITE_URL is the placeholder https://societydesk.example'],
    [{ ...REAL_SITE, SITE_URL: 'https://shop.example' }, 'SITE_URL is the placeholder https://shop.example'],
    [{ ...REAL_SITE, GRIEVANCE_OFFICER_NAME: '' }, 'GRIEVANCE_OFFICER_NAME is the illustrative "Asha Verma"'],
    [{ ...REAL_SITE, GRIEVANCE_OFFICER_EMAIL: 'grievance@societydesk.example' }, 'GRIEVANCE_OFFICER_EMAIL is the illustrative'],
    [{ ...REAL_SITE, GRIEVANCE_OFFICER_PHONE: '+91 11 4000 0001' }, 'GRIEVANCE_OFFICER_PHONE is the illustrative'],
  ])('%j is refused', (env, message) => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', ...env })).toThrow(message);
  });

  it('real values start; without NODE_ENV=production the placeholders are fine (a local run)', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', ...REAL_SITE }).publicOrigin).toBe('https://www.rwa-desk.in');
    expect(loadServerConfig({}).publicOrigin).toBe('https://societydesk.example');
  });
});

describe('variables that look like ours', () => {
  it('warns about a near miss or one of our prefixes, naming the setting meant; leaves the rest of the environment alone', () => {
    const warnings = unknownSettingWarnings({
      WEBHOOK_URL: 'https://crm.example/hook',
      RATE_LIMT_MAX: '5',
      SMTP_HOST: 'mail.example',
      PATH: '/usr/bin',
      HOME: '/root',
      HOSTNAME: 'web-1',
      NODE_OPTIONS: '--max-old-space-size=512',
      npm_config_cache: '/root/.npm',
      WEBHOOK_URLS: 'https://crm.example/hook',
    });
    expect(warnings).toEqual([
      'RATE_LIMT_MAX is not a setting of this service and is ignored: did you mean RATE_LIMIT_MAX? (docs/operations.md#configuration)',
      'SMTP_HOST is not a setting of this service and is ignored (docs/operations.md#configuration)',
      'WEBHOOK_URL is not a setting of this service and is ignored: did you mean WEBHOOK_URLS? (docs/operations.md#configuration)',
    ]);
  });
});

const SECRETS = {
  WEBHOOK_URLS: 'https://hooks.crm.example/services/T000/B000/hook-secret-path?token=query-secret',
  WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  SMTP_URL: 'smtp://leads:smtp-password-1@smtp.example:587',
  NOTIFY_EMAIL_TO: 'sales@rwa-desk.in',
  INSIGHT_TOKEN: '3f9a1c7e5b2d4068a1c3e5f7092b4d6f8a0c',
  METRICS_TOKEN: '8e1d3b5f7a9c2e4064b8d0f2a4c6e8b0d2f4',
  ALTCHA_HMAC_KEY: 'c4e8a2f6b0d9e1a3c5b7f9d2e4a6c8b0e2f4a6c8',
  CV_LINK_SECRET: 'cv-link-secret-value-of-32-characters!',
};
const secretValues = ['hook-secret-path', 'query-secret', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'smtp-password-1', SECRETS.INSIGHT_TOKEN, SECRETS.METRICS_TOKEN, SECRETS.ALTCHA_HMAC_KEY, SECRETS.CV_LINK_SECRET, 'db-password-9'];

describe('the start line', () => {
  it('names the store, the delivery targets, the origins, the retention and email, and no secret', () => {
    const settings = effectiveSettings(loadServerConfig({ ...SECRETS, DATABASE_URL: 'postgres://intake:db-password-9@db.internal:5432/intake', ALLOWED_ORIGINS: 'https://partner.example' }));
    expect(settings).toMatchObject({
      version: VERSION,
      store: 'PostgreSQL intake@db.internal:5432/intake',
      deliveryTargets: ['webhook hooks.crm.example', 'email'],
      email: 'on',
      acknowledgements: 'on',
      publicOrigin: 'https://societydesk.example',
      allowedOrigins: ['https://partner.example'],
      leadRetentionDays: 365,
      insight: 'on',
      metrics: 'on',
    });
    const text = JSON.stringify(settings);
    for (const secret of secretValues) expect(text).not.toContain(secret);
  });

  it('the service logs it once at start, with the warnings, and no secret anywhere in its output', async () => {
    const service = await startServerProcess({ ...SECRETS, LOG_LEVEL: 'info', WEBHOOK_URL: 'https://crm.example/typo' });
    try {
      const lines = service.output().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string; settings?: Record<string, unknown> });
      const start = lines.filter((line) => line.settings);
      expect(start).toHaveLength(1);
      expect(start[0]!.msg).toMatch(/^site and intake service on http:\/\/127\.0\.0\.1:\d+$/);
      expect(start[0]!.settings).toMatchObject({ version: VERSION, store: expect.stringMatching(/^SQLite in /), deliveryTargets: ['webhook hooks.crm.example', 'email'], email: 'on', leadRetentionDays: 365 });
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining('WEBHOOK_URL is not a setting of this service and is ignored: did you mean WEBHOOK_URLS?') }));
      for (const secret of secretValues) expect(service.output()).not.toContain(secret);
    } finally {
      await service.stop();
    }
  });

  it.each([
    [{ RATE_LIMIT_MAX: '0' }, /configuration: RATE_LIMIT_MAX must be a whole number at least 1 \(default 30\); got "0"/],
    [{ LEAD_RETENTION_DAYS: 'abc' }, /configuration: LEAD_RETENTION_DAYS must be a whole number from 1 to 3650 \(default 365\); got "abc"/],
    [{ NODE_ENV: 'production' }, /configuration: SITE_URL is the placeholder https:\/\/societydesk\.example/],
  ])('the service does not start on %j, and says which setting', async (env, message) => {
    await expect(startServerProcess(env)).rejects.toThrow(message);
  });
});
