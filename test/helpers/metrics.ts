/**
 * Reading the service's /metrics in tests: the exposition as text (for promtool) and one
 * sample's value by its name and labels.
 */
import { spawnSync } from 'node:child_process';

export const METRICS_TOKEN = '3f9a1c7e5b2d4068a1c3e5f7092b4d6f8a0c';

export async function scrape(url: string, token = METRICS_TOKEN): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

/** The value of the sample `name{labels}` (every given label matching), or undefined when there is none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** `promtool check metrics` on an exposition (Debian's prometheus package): its exit code and what it said. */
export function promtoolCheckMetrics(text: string): { status: number | null; output: string } {
  const result = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (result.error) throw new Error(`promtool: ${result.error.message} (sudo apt-get install -y prometheus)`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
