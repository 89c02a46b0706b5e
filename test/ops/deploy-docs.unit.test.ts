/**
 * Issue 41, item 3: the docs show the deployment files as they are. docs/deploy-debian.md's
 * numbered steps are deploy/debian/steps.sh's (the commands test/ops/debian.release.test.ts
 * runs), and every file a doc shows (the units, the Caddyfile, the Prometheus job, the off-host
 * backup script) is that file's text (npm run docs:deploy writes them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS, generatedDoc, guideSteps, GUIDE_STEPS_FILE } from '../../scripts/deploy-docs.ts';
import { ROOT } from '../helpers/server.ts';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the deployment docs (npm run docs:deploy)', () => {
  it.each(DOCS)('%s is what the files make of it', (doc) => {
    expect(read(doc)).toBe(generatedDoc(read(doc)));
  });

  it('the Debian guide holds every step of deploy/debian/steps.sh, numbered from 0, each with commands', () => {
    const steps = guideSteps(read(GUIDE_STEPS_FILE));
    expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i));
    for (const step of steps) {
      expect(step.lines.some((l) => l.trim() && !l.startsWith('#')), `step ${step.number}`).toBe(true);
      expect(read('docs/deploy-debian.md')).toContain(`### ${step.number}. ${step.title}\n\n\`\`\`sh\n${step.lines.join('\n')}\n\`\`\``);
    }
    expect(steps.at(-1)!.title).toMatch(/timers|backups/i);
  });

  it('every file under deploy/ that a step installs is shown in a doc', () => {
    const shown = DOCS.map(read).join('\n');
    const installed = [...read(GUIDE_STEPS_FILE).matchAll(/deploy\/[\w./-]+/g)].map((m) => m[0]).filter((f) => fs.statSync(path.join(ROOT, f)).isFile());
    expect(installed.length).toBeGreaterThan(5);
    for (const file of installed) expect(shown, file).toContain(`<!-- file:${file} -->`);
  });

  it('sees a change: a file edited without the doc differs', () => {
    const doc = read('docs/deploy-debian.md');
    expect(generatedDoc(doc.replace('ProtectSystem=strict', 'ProtectSystem=full'))).toBe(doc);
    expect(generatedDoc(doc)).toBe(doc);
    expect(doc.replace('ProtectSystem=strict', 'ProtectSystem=full')).not.toBe(doc);
  });
});
