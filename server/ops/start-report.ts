/**
 * What the service says about its settings when it starts: a warning for each environment
 * variable that looks like one of ours but is not (`WEBHOOK_URL` for `WEBHOOK_URLS`), and one
 * line with the effective settings that matter to an operator, never a secret (no password,
 * token, key or webhook URL: a URL's path or query may hold the receiver's secret).
 */
import { SETTINGS, type ServerConfig } from '../config.ts';
import { SITE_SETTINGS } from '../../site.config.ts';
import { describeUrl } from '../store/postgres.ts';
import { targetLabeller } from './target-labels.ts';
import { VERSION } from './version.ts';

const KNOWN: ReadonlySet<string> = new Set([...Object.keys(SETTINGS), ...Object.keys(SITE_SETTINGS)]);

/** First words of our settings' names (`WEBHOOK` of `WEBHOOK_URLS`): another variable starting so looks like ours. NODE_ is Node's own. */
const OUR_PREFIXES: ReadonlySet<string> = new Set([...KNOWN].filter((name) => name.includes('_') && !name.startsWith('NODE_')).map((name) => name.split('_')[0]!));

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The known setting nearest to `name`, when it is near enough to be what was meant. */
function nearest(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const known of KNOWN) {
    const distance = editDistance(name, known);
    if (!best || distance < best.distance) best = { name: known, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 4)) ? best.name : undefined;
}

/** A sentence for each variable of `env` that is not a setting but looks like one (our prefix, or a near miss of a name). */
export function unknownSettingWarnings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (KNOWN.has(name) || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    // Near misses among names with a word break only: HOME is one letter from HOST, and no setting of ours.
    const suggestion = name.includes('_') ? nearest(name) : undefined;
    if (!suggestion && !OUR_PREFIXES.has(name.split('_')[0]!)) continue;
    warnings.push(`${name} is not a setting of this service and is ignored${suggestion ? `: did you mean ${suggestion}?` : ''} (docs/operations.md#configuration)`);
  }
  return warnings;
}

/** The start line's settings: where leads are kept and sent, who may post, how long they are kept, what is switched on. */
export function effectiveSettings(config: ServerConfig) {
  const label = targetLabeller(config.webhookUrls);
  return {
    version: VERSION,
    listen: `${config.host}:${config.port}`,
    store: config.databaseUrl ? describeUrl(config.databaseUrl) : `SQLite in ${config.dataDir}`,
    site: config.distDir,
    deliveryTargets: [...config.webhookUrls.map((url) => label(`webhook ${url}`)), ...(config.email ? ['email'] : [])],
    email: config.email ? 'on' : 'off',
    acknowledgements: config.personEmail?.acknowledge ? 'on' : 'off',
    publicOrigin: config.publicOrigin,
    teamOrigin: config.teamOrigin,
    allowedOrigins: config.allowedOrigins.length ? config.allowedOrigins : 'any',
    trustProxy: config.trustProxy,
    leadRetentionDays: config.leadRetentionDays,
    spamChallenge: config.spamChallenge ? 'on' : 'off',
    insight: config.insightToken ? 'on' : 'off',
    metrics: config.metricsToken ? 'on' : 'off',
    deliveryMaxPendingAgeS: config.deliveryMaxPendingAgeS,
  };
}
