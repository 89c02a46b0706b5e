/**
 * npm run docs:deploy [-- --check]
 * The docs show the deployment files as they are, never a copy that could drift: in each doc
 * of DOCS, the text between `<!-- file:PATH -->` and `<!-- /file -->` becomes PATH's contents
 * in a fenced block, and in docs/deploy-debian.md the text between `<!-- guide-steps -->` and
 * `<!-- /guide-steps -->` becomes deploy/debian/steps.sh's numbered steps (what
 * test/ops/debian.release.test.ts runs). With --check, writes nothing and exits 1 when a doc
 * differs from what it would write (test/ops/deploy-docs.unit.test.ts checks the same).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.ts';

export const DOCS = ['docs/deploy-debian.md', 'docs/deploy-container.md', 'docs/operations.md'];
export const GUIDE_STEPS_FILE = 'deploy/debian/steps.sh';

export interface GuideStep {
  number: number;
  title: string;
  /** The step's lines as written: comments (what it does) and commands. */
  lines: string[];
}

/** The numbered steps of a steps file: each starts at a `## N. Title` line; the header before the first is not a step. */
export function guideSteps(text: string): GuideStep[] {
  const steps: GuideStep[] = [];
  for (const line of text.split('\n')) {
    const heading = /^## (\d+)\. (.+)$/.exec(line);
    if (heading) steps.push({ number: Number(heading[1]), title: heading[2]!, lines: [] });
    else steps.at(-1)?.lines.push(line);
  }
  for (const step of steps) while (step.lines.at(-1) === '') step.lines.pop();
  return steps;
}

const FENCE: Record<string, string> = { '.sh': 'sh', '.yml': 'yaml', '.yaml': 'yaml', '.service': 'ini', '.timer': 'ini', '.conf': 'ini', '.example': 'sh' };
const fenceOf = (file: string) => FENCE[path.extname(file)] ?? (path.basename(file) === 'Caddyfile' ? 'caddyfile' : 'text');

/** The doc with every `<!-- file:PATH -->` block holding PATH's contents. */
function withFiles(doc: string): string {
  return doc.replace(/<!-- file:(\S+) -->\n[\s\S]*?<!-- \/file -->/g, (_block, file: string) => {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8').trimEnd();
    return `<!-- file:${file} -->\n\`\`\`${fenceOf(file)}\n${text}\n\`\`\`\n<!-- /file -->`;
  });
}

/** The doc with its `<!-- guide-steps -->` block holding the steps: a heading, what it does, its commands. */
function withSteps(doc: string): string {
  return doc.replace(/<!-- guide-steps -->\n[\s\S]*?<!-- \/guide-steps -->/, () => {
    const steps = guideSteps(fs.readFileSync(path.join(repoRoot, GUIDE_STEPS_FILE), 'utf8'));
    const blocks = steps.map((step) => `### ${step.number}. ${step.title}\n\n\`\`\`sh\n${step.lines.join('\n')}\n\`\`\``);
    return `<!-- guide-steps -->\n${blocks.join('\n\n')}\n<!-- /guide-steps -->`;
  });
}

/** What a doc should say: its file blocks and steps as the files are now. */
export const generatedDoc = (doc: string): string => withSteps(withFiles(doc));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let differs = false;
  for (const name of DOCS) {
    const file = path.join(repoRoot, name);
    const doc = fs.readFileSync(file, 'utf8');
    const next = generatedDoc(doc);
    if (next === doc) continue;
    differs = true;
    if (process.argv.includes('--check')) process.stderr.write(`${name}: differs from the deployment files; run npm run docs:deploy\n`);
    else {
      fs.writeFileSync(file, next);
      process.stdout.write(`${name}: written\n`);
    }
  }
  if (differs && process.argv.includes('--check')) process.exit(1);
}
