/**
 * Issue 41, item 5: the shipped alert rules (deploy/prometheus/alerts.yml) pass `promtool
 * check rules`, and a real Prometheus (Debian's `prometheus` package) scraping the service with
 * its token fires LeadDeliveryStuck when a webhook keeps failing: short intervals and a
 * DELIVERY_MAX_PENDING_AGE_S of 2 s stand in for the production 30 s and 30 minutes; the test
 * waits on Prometheus' API, not on sleeps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { METRICS_TOKEN } from '../helpers/metrics.ts';
import { postJson, ROOT, startServer, tempDir, type RunningServer } from '../helpers/server.ts';

const RULES = path.join(ROOT, 'deploy', 'prometheus', 'alerts.yml');

interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
let server: RunningServer;
let prometheus: ChildProcess;
let prometheusUrl = '';
let prometheusLog = '';

beforeAll(async () => {
  receiver.setMode('fail');
  server = await startServer({
    env: { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, METRICS_TOKEN, SPAM_CHALLENGE: 'off', DELIVERY_RETRY_BASE_MS: '200', DELIVERY_MAX_PENDING_AGE_S: '2' },
  });
  const dir = tempDir('prometheus-');
  fs.writeFileSync(path.join(dir, 'token'), METRICS_TOKEN);
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    `global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - ${RULES}
scrape_configs:
  - job_name: societydesk
    authorization:
      credentials_file: ${path.join(dir, 'token')}
    static_configs:
      - targets: ['${new URL(server.url).host}']
`,
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn('prometheus', [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prometheus.stderr!.on('data', (chunk: Buffer) => (prometheusLog = (prometheusLog + chunk.toString()).slice(-5000)));
  // Ready when /-/ready answers 200 (a loop on its answer, not a sleep).
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${prometheusUrl}/-/ready`).catch(() => undefined))?.status !== 200) {
    if (prometheus.exitCode !== null || Date.now() > deadline) throw new Error(`prometheus did not start: ${prometheusLog}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  await receiver.stop();
});

const alerts = async (): Promise<Alert[]> => ((await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as { data: { alerts: Alert[] } }).data.alerts;
const firing = async () => (await alerts()).filter((a) => a.state === 'firing').map((a) => a.labels.alertname);

describe('the shipped alert rules', () => {
  it('pass promtool check rules', () => {
    const result = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(result.stdout).toContain('SUCCESS: 6 rules found');
    expect(result.status).toBe(0);
  });

  it('a real Prometheus scrapes the service with its token, and LeadDeliveryStuck fires for a webhook that keeps failing', async () => {
    await expect.poll(async () => ((await (await fetch(`${prometheusUrl}/api/v1/targets`)).json()) as { data: { activeTargets: { health: string }[] } }).data.activeTargets[0]?.health, { timeout: 30_000 }).toBe('up');
    expect(await firing()).toEqual([]);

    expect((await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
    await expect.poll(firing, { timeout: 60_000 }).toContain('LeadDeliveryStuck');
    const stuck = (await alerts()).find((a) => a.labels.alertname === 'LeadDeliveryStuck')!;
    expect(stuck.labels).toMatchObject({ severity: 'page', job: 'societydesk', target: `webhook ${new URL(receiver.url).host}` });
    expect(await firing()).toEqual(['LeadDeliveryStuck']);

    // Delivered, the alert resolves.
    receiver.setMode('answer');
    await expect.poll(firing, { timeout: 60_000 }).toEqual([]);
  }, 150_000);
});
