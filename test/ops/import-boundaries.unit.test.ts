/**
 * Which folder may import which: contract/ (what the forms and the service agree on)
 * imports nothing of the project, nor Node, nor the DOM; the service imports contract/
 * and never the widgets, the pages or the scripts; the widgets never import the service.
 * Every import of every source file is read, static and dynamic, type-only included; and no
 * file reaches itself again through its imports. Inside server/, a feature imports the shared
 * layers and another feature's public entries, never its insides (FEATURE_RULES below).
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

/**
 * server/'s folders: the shared layers (the root files such as config.ts, csv.ts and folders.ts; store/: the database
 * openers, migrations and the store the features' parts make; http/: guards, language, client network, HTML text)
 * and one folder per feature, each with its routes, its plugin and its store's SQLite and PostgreSQL sides.
 */
const SHARED_LAYERS = ['(root)', 'store', 'http'] as const;
const FEATURES = ['intake', 'delivery', 'funnel', 'vitals', 'team', 'cv', 'ops', 'site', 'answer-pages'] as const;
type Feature = (typeof FEATURES)[number];

/**
 * The allowed edges between features: a feature's public entries, the only files of it another feature may import.
 * Everything else in its folder (its SQL, schemas, route internals, helpers) is its insides. No plugin.ts is here:
 * only app.ts registers the features.
 */
const PUBLIC_ENTRIES: Record<Feature, readonly string[]> = {
  intake: [
    'personal-data.ts', // a person's data, found and erased across every table (the team's "find a person")
    'personal-data-postgres.ts',
    'lead-source.ts', // a lead's source, as metrics and the lead event label it
    'leads.ts', // the LeadStore part (ops counts what is saved)
    'lead-row.ts', // the leads table's row, read by the lead event and npm run leads
  ],
  delivery: [
    'lead-event.ts', // what a notification carries, and the team's link in it
    'outbox.ts', // a saved lead's deliveries, queued in the save's own transaction
    'acknowledgement.ts', // the person's acknowledgement and outcome emails' rules
  ],
  funnel: ['funnel.ts', 'insight.ts'],
  vitals: ['vitals.ts'],
  team: ['audit.ts'], // a CV link followed is written in the team's audit log
  cv: [
    'cv-store.ts', // the CvStore part and its claims
    'cv-store-postgres.ts', // a lead's save claims its CV in the save's own transaction
    'cv-link.ts', // signed links (delivery, the team) and their route
    'cv-upload.ts', // the upload's route and checks (a career form's own post too)
  ],
  ops: ['health.ts', 'metrics.ts', 'ops-routes.ts'],
  site: ['headers.ts', 'routes.ts'],
  'answer-pages': ['pages.ts'],
};

/** What the store layer (server/store/) puts together: each feature's store sides and schemas. */
const STORE_PARTS: Partial<Record<Feature, readonly string[]>> = {
  intake: ['leads.ts', 'leads-postgres.ts', 'personal-data.ts', 'personal-data-postgres.ts', 'reference.ts', 'spam-challenge.ts'],
  delivery: ['lead-event.ts', 'outbox.ts', 'outbox-postgres.ts', 'targets.ts'],
  funnel: ['funnel.ts', 'funnel-postgres.ts'],
  vitals: ['vitals.ts', 'vitals-postgres.ts'],
  team: ['store.ts', 'store-postgres.ts', 'schema-sqlite.ts', 'schema-postgres.ts'],
  cv: ['cv-store.ts', 'cv-store-postgres.ts', 'schema-sqlite.ts', 'schema-postgres.ts'],
  ops: ['health.ts', 'health-postgres.ts', 'monitor-reads.ts'],
};

/** The shared root files' only reach into a feature: config.ts reads the settings whose shape delivery defines (types). */
const CONFIG_TYPES = ['delivery/person-email.ts', 'delivery/acknowledgement.ts'];

/** The composition root: app.ts registers the features' plugins, main.ts starts it. */
const COMPOSITION_ROOT = ['server/app.ts', 'server/main.ts'];

/** Where a server/ file sits: its layer or feature, and its path inside it. */
function placeOf(file: string): { part: string; inside: string } {
  const [, first, ...rest] = file.split('/');
  return rest.length === 0 ? { part: '(root)', inside: first! } : { part: first!, inside: rest.join('/') };
}

/** Why an import from `file` (server/…) to `imported` (server/…) breaks the feature rules, or undefined when it keeps them. */
function featureRuleBroken(file: string, imported: string): string | undefined {
  const from = placeOf(file);
  const to = placeOf(imported);
  if (from.part === to.part && from.part !== '(root)') return undefined;
  if (COMPOSITION_ROOT.includes(file)) return undefined;
  if (COMPOSITION_ROOT.includes(imported)) return 'only main.ts imports app.ts';
  const toFeature = (FEATURES as readonly string[]).includes(to.part) ? (to.part as Feature) : undefined;
  if (!toFeature) return (SHARED_LAYERS as readonly string[]).includes(to.part) ? undefined : `${to.part}/ is neither a feature nor a shared layer`;
  if (from.part === '(root)') return from.inside === 'config.ts' && CONFIG_TYPES.includes(`${to.part}/${to.inside}`) ? undefined : 'a shared root file reaches into a feature';
  if (from.part === 'store') return STORE_PARTS[toFeature]?.includes(to.inside) ? undefined : `the store layer reaches past ${toFeature}'s store parts`;
  if (from.part === 'http') return 'the HTTP helpers reach into a feature';
  if (from.part === 'intake' && toFeature === 'team') return 'intake never imports the team';
  return PUBLIC_ENTRIES[toFeature].includes(to.inside) ? undefined : `${to.part}/${to.inside} is ${toFeature}'s insides`;
}

/** Every import inside server/ that breaks the feature rules, as "file → imported: why". */
function featureViolations(): string[] {
  return sourceFiles('server').flatMap((file) =>
    importsOf(fs.readFileSync(path.join(repoRoot, file), 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s.split('?')[0]!)))
      .filter((imported) => imported.startsWith('server/'))
      .flatMap((imported) => {
        const why = featureRuleBroken(file, imported);
        return why ? [`${file} → ${imported}: ${why}`] : [];
      }),
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

  it('server/ holds the shared layers and one folder per feature, nothing else', () => {
    const folders = new Set(sourceFiles('server').map((f) => placeOf(f).part));
    expect([...folders].filter((f) => ![...SHARED_LAYERS, ...FEATURES].includes(f as Feature)).sort()).toEqual([]);
    for (const feature of FEATURES) for (const entry of PUBLIC_ENTRIES[feature]) expect(fs.existsSync(path.join(repoRoot, 'server', feature, entry)), `${feature}/${entry}`).toBe(true);
    for (const [feature, parts] of Object.entries(STORE_PARTS)) for (const part of parts) expect(fs.existsSync(path.join(repoRoot, 'server', feature, part)), `${feature}/${part}`).toBe(true);
  });

  it('inside server/, a feature imports the shared layers and other features\' public entries, never their insides; only app.ts registers the plugins', () => {
    expect(featureViolations()).toEqual([]);
  });

  it('would see a feature reaching into another: planted imports are reported', () => {
    expect(featureRuleBroken('server/intake/plugin.ts', 'server/team/plugin.ts')).toBe('intake never imports the team');
    expect(featureRuleBroken('server/intake/store-sqlite.ts', 'server/team/schema-sqlite.ts')).toBe('intake never imports the team');
    expect(featureRuleBroken('server/delivery/worker.ts', 'server/team/plugin.ts')).toBe("team/plugin.ts is team's insides");
    expect(featureRuleBroken('server/funnel/insight.ts', 'server/vitals/vitals-postgres.ts')).toBe("vitals/vitals-postgres.ts is vitals's insides");
    expect(featureRuleBroken('server/http/guards.ts', 'server/intake/leads.ts')).toBe('the HTTP helpers reach into a feature');
    expect(featureRuleBroken('server/store/store.ts', 'server/team/routes.ts')).toBe("the store layer reaches past team's store parts");
    expect(featureRuleBroken('server/team/routes.ts', 'server/app.ts')).toBe('only main.ts imports app.ts');
    // …and lets the allowed edges through.
    expect(featureRuleBroken('server/team/routes.ts', 'server/cv/cv-link.ts')).toBeUndefined();
    expect(featureRuleBroken('server/team/store.ts', 'server/store/sqlite.ts')).toBeUndefined();
    expect(featureRuleBroken('server/app.ts', 'server/team/plugin.ts')).toBeUndefined();
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
