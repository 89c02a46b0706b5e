import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadServerConfig } from '../../server/config.ts';
import { MIGRATIONS, openDatabase } from '../../server/store/sqlite.ts';
import { startServerProcess, tempDir } from '../helpers/server.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('configuration of deliveries and spam', () => {
  it('reads the targets, the retry base and the spam switch', () => {
    const config = loadServerConfig({
      WEBHOOK_URLS: 'https://crm.example/hook, https://script.google.com/macros/s/x/exec',
      WEBHOOK_SECRET: SECRET,
      SMTP_URL: 'smtp://user:pass@smtp.example:587',
      NOTIFY_EMAIL_TO: 'sales@societydesk.example, ops@societydesk.example',
      DELIVERY_RETRY_BASE_MS: '50',
      SPAM_CHALLENGE: 'off',
    });
    expect(config.webhookUrls).toEqual(['https://crm.example/hook', 'https://script.google.com/macros/s/x/exec']);
    expect(config.email).toEqual({
      smtpUrl: 'smtp://user:pass@smtp.example:587',
      to: 'sales@societydesk.example, ops@societydesk.example',
      from: 'sales@societydesk.example',
    });
    expect(config.deliveryRetryBaseMs).toBe(50);
    expect(config.spamChallenge).toBe(false);
    expect(loadServerConfig({}).spamChallenge).toBe(true);
    expect(loadServerConfig({}).allowedOrigins).toEqual([]);
  });

  it.each([
    [{ WEBHOOK_URLS: 'https://crm.example/hook' }, 'WEBHOOK_SECRET is required with WEBHOOK_URLS'],
    [{ WEBHOOK_URLS: 'ftp://crm.example', WEBHOOK_SECRET: SECRET }, 'WEBHOOK_URLS: "ftp://crm.example" is not an http(s) URL'],
    [{ WEBHOOK_URLS: 'https://crm.example', WEBHOOK_SECRET: 'hunter2' }, 'WEBHOOK_SECRET must be whsec_'],
    [{ SMTP_URL: 'smtp://smtp.example' }, 'NOTIFY_EMAIL_TO is required with SMTP_URL'],
    [{ NOTIFY_EMAIL_TO: 'a@b.example' }, 'NOTIFY_EMAIL_TO is set but SMTP_URL is not'],
    [{ SMTP_URL: 'mail.example:25', NOTIFY_EMAIL_TO: 'a@b.example' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ SPAM_CHALLENGE: 'no' }, 'SPAM_CHALLENGE must be "on" or "off"'],
    [{ DATABASE_URL: 'mysql://intake@db.example/intake' }, 'DATABASE_URL must be a postgres:// (or postgresql://) URL'],
  ])('refuses %j: %s', (env, message) => {
    expect(() => loadServerConfig(env)).toThrow(ConfigError);
    expect(() => loadServerConfig(env)).toThrow(message);
  });

  it('the service does not start on such a setting, and says which', async () => {
    await expect(startServerProcess({ WEBHOOK_URLS: 'https://crm.example/hook' })).rejects.toThrow(
      /configuration: WEBHOOK_SECRET is required with WEBHOOK_URLS/,
    );
  });
});

describe('schema migration 2', () => {
  it('upgrades a version-1 leads.db: leads kept (no source, not spam), outbox added, old vitals table dropped', () => {
    const dir = tempDir();
    const v1 = new Database(path.join(dir, 'leads.db'));
    v1.exec(`
      CREATE TABLE leads (id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('society', 'career')), created_at INTEGER NOT NULL,
        dedupe_key TEXT NOT NULL, fields TEXT NOT NULL CHECK (json_valid(fields)));
      CREATE INDEX leads_kind_created ON leads (kind, created_at);
      CREATE INDEX leads_created ON leads (created_at);
      CREATE INDEX leads_dedupe ON leads (dedupe_key, created_at);
      CREATE TABLE vitals (id INTEGER PRIMARY KEY, page TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT NULL, rating TEXT,
        navigation_type TEXT, created_at INTEGER NOT NULL);
      INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', 1, 'k', '{"name":"Old Lead"}');
      INSERT INTO vitals (page, name, value, created_at) VALUES ('/', 'LCP', 1, 1);
      PRAGMA user_version = 1;
    `);
    v1.close();
    const db = openDatabase(dir);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(db.prepare('SELECT fields, origin, partner, notice_version, spam_reason, utm_source, utm_campaign, page, without_proof FROM leads').all()).toEqual([
        { fields: '{"name":"Old Lead"}', origin: null, partner: null, notice_version: null, spam_reason: null, utm_source: null, utm_campaign: null, page: null, without_proof: 0 },
      ]);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
      // Later migrations add tables of their own (the team's); migration 2's are there and the old vitals table is gone.
      expect(tables).toEqual(expect.arrayContaining(['acknowledged_addresses', 'deliveries', 'erased_idempotency_keys', 'erasures', 'idempotency_keys', 'leads', 'used_solutions', 'write_probe']));
      expect(tables).not.toContain('vitals');
    } finally {
      db.close();
    }
  });
});
