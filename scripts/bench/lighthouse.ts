/**
 * Lighthouse 12, default config (mobile: Moto G Power-class phone, simulated slow 4G,
 * 4× CPU slowdown), in the machine's Chromium. One browser for every run; Lighthouse
 * clears the cache and storage before each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../chromium-path.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const TRANSFER_TYPES = ['html', 'css', 'js', 'other'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

/**
 * Lighthouse's main-thread groups (`mainthread-work-breakdown`): style & layout, and the rest
 * (script, parsing, paint, garbage collection, other), in ms under its CPU slowdown.
 */
export interface MainThread {
  styleLayout: number;
  other: number;
}

/** Lighthouse audits, id → title. */
type AuditTitles = Record<string, string>;

export interface RunResult {
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread time of the load, split as Lighthouse's mainthread-work-breakdown does. */
  mainThread: MainThread;
  requests: number;
  /** Bytes on the wire (body and headers) as Lighthouse reports them, by resource type. */
  transfer: Record<TransferType, number>;
  /** Audits that count towards a category score and scored below 1 in this run. */
  failing: AuditTitles;
  /** Audits with no weight in the score (diagnostics, insights) that were flagged. */
  diagnostics: AuditTitles;
  lighthouseVersion: string;
  userAgent: string;
  throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number; method: string; formFactor: string };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
}

function transferType(item: NetworkItem): TransferType {
  const type = item.resourceType ?? '';
  const mime = item.mimeType ?? '';
  if (type === 'Document' || mime === 'text/html') return 'html';
  if (type === 'Stylesheet' || mime === 'text/css') return 'css';
  if (type === 'Script' || /javascript/.test(mime)) return 'js';
  return 'other';
}

export interface Browser {
  port: number;
  version: string;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...chromiumArgs, '--headless=new'].filter((f) => f !== '--headless'),
    userDataDir,
    logLevel: 'silent',
  });
  let version = 'unknown';
  try {
    const info = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
    version = info.Browser ?? version;
  } catch {
    /* the version is only for the report */
  }
  return {
    port: chrome.port,
    version,
    async close() {
      chrome.kill();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function runLighthouse(url: string, port: number, saveTo?: string): Promise<RunResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (saveTo) fs.writeFileSync(saveTo, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => !item.url.startsWith('data:'),
  );
  const transfer = Object.fromEntries(TRANSFER_TYPES.map((t) => [t, 0])) as Record<TransferType, number>;
  for (const item of items) transfer[transferType(item)] += item.transferSize ?? 0;

  const groups = ((lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? []);
  const styleLayout = groups.filter((g) => g.group === 'styleLayout').reduce((sum, g) => sum + g.duration, 0);
  const mainThread = { styleLayout, other: groups.reduce((sum, g) => sum + g.duration, 0) - styleLayout };

  const failing: AuditTitles = {};
  const diagnostics: AuditTitles = {};
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative') continue;
      if (audit.score >= 1) continue;
      const title = audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title;
      (ref.weight > 0 ? failing : diagnostics)[ref.id] = title;
    }
  }
  const settings = lhr.configSettings;
  return {
    scores,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    mainThread,
    requests: items.length,
    transfer,
    failing,
    diagnostics,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    throttling: {
      rttMs: settings.throttling.rttMs ?? 0,
      throughputKbps: settings.throttling.throughputKbps ?? 0,
      cpuSlowdownMultiplier: settings.throttling.cpuSlowdownMultiplier ?? 0,
      method: settings.throttlingMethod,
      formFactor: settings.formFactor,
    },
  };
}
