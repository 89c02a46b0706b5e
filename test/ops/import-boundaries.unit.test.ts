/**
 * Which folder may import which: contract/ (what the forms and the service agree on)
 * imports nothing of the project, nor Node, nor the DOM; the service imports contract/
 * and never the widgets, the pages or the scripts; the widgets never import the service.
 * Every import of every source file is read, static and dynamic, type-only included; and no
 * file reaches itself again through its imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/paths.ts';

const SOURCE = /\.(?:ts|tsx|js|mjs)$/;

function sourceFiles(folder: string): string[] {
  return (fs.readdirSync(path.join(repoRoot, folder), { recursive: true }) as string[])
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(folder, f).split(path.sep).join('/'));
}

/** Every module specifier a file imports: `import … from`, `export … from`, `import()`, side-effect imports. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s*['"]([^'"]+)['"]/gm];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

/** The project folder a relative import lands in ('contract', 'server', …), or the package or builtin it names. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier.startsWith('node:') ? 'node:' : `package:${specifier}`;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.split('?')[0]!));
  return resolved.startsWith('../') ? 'outside' : (resolved.includes('/') ? resolved.split('/')[0]! : '(root)');
}

/** Each import of the folder's files that breaks `allowed`, as "file → specifier". */
function violations(folder: string, allowed: (target: string) => boolean): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importsOf(fs.readFileSync(path.join(repoRoot, file), 'utf8'))
      .filter((specifier) => !allowed(target(file, specifier)))
      .map((specifier) => `${file} → ${specifier}`),
  );
}

describe('import boundaries', () => {
  it('reads every kind of import (checked on a sample)', () => {
    const sample = `import a from '../x.ts';\nimport type { B } from "./y.ts";\nexport { c } from '../z.ts';\nimport './side.css';\nconst d = await import('../lazy.ts');`;
    expect(importsOf(sample).sort()).toEqual(['../lazy.ts', '../x.ts', '../z.ts', './side.css', './y.ts'].sort());
    expect(target('server/intake/a.ts', '../../widgets/x.ts')).toBe('widgets');
    expect(target('contract/messages/en.ts', '../lead-contract.ts')).toBe('contract');
  });

  it('contract/ imports only contract/: no project folder, no package, no Node', () => {
    expect(sourceFiles('contract').length).toBeGreaterThan(3);
    expect(violations('contract', (t) => t === 'contract')).toEqual([]);
    // Names in the code, not in comments or strings (a MIME type may say "document").
    const code = (f: string) =>
      fs
        .readFileSync(path.join(repoRoot, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
    const dom = sourceFiles('contract').filter((f) => /\b(?:document|window|navigator|HTMLElement|customElements)\b/.test(code(f)));
    expect(dom).toEqual([]);
  });

  it('the service imports contract/, its own files, site.config.ts, packages and Node; never widgets/, pages/ or scripts/', () => {
    expect(violations('server', (t) => ['server', 'contract', '(root)', 'node:'].includes(t) || t.startsWith('package:'))).toEqual([]);
  });

  it('the widgets never import the service', () => {
    expect(violations('widgets', (t) => t !== 'server' && t !== 'node:')).toEqual([]);
  });

  it('would see a crossing: a service file importing the widgets is reported', () => {
    const file = 'server/intake/example.ts';
    const crossing = importsOf(`import { x } from '../../widgets/lead-form/x.ts';`).map((s) => target(file, s));
    expect(crossing).toEqual(['widgets']);
  });

  it('no import cycle: no source file reaches itself through its imports (type-only and dynamic ones too)', () => {
    expect(cycles(projectImports())).toEqual([]);
  });

  it('would see a cycle: a type-only import back is one', () => {
    const graph = new Map([
      ['server/store/store.ts', ['server/intake/leads.ts']],
      ['server/intake/leads.ts', ['server/store/store.ts']],
      ['server/intake/plugin.ts', ['server/store/store.ts']],
    ]);
    expect(cycles(graph)).toEqual([['server/intake/leads.ts', 'server/store/store.ts']]);
  });
});

/** Each source file of the project's code folders → the project files it imports. */
function projectImports(): Map<string, string[]> {
  const files = ['contract', 'widgets', 'server', 'scripts', 'pages'].flatMap(sourceFiles);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importsOf(fs.readFileSync(path.join(repoRoot, file), 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s.split('?')[0]!)))
        .filter((f) => known.has(f)),
    ]),
  );
}

/** The groups of files that import each other in a circle (strongly connected components of two or more), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const group = stack.splice(stack.indexOf(file));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}
