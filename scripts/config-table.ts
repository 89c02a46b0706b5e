/**
 * npm run docs:config [-- --check]
 * Writes the two configuration tables of docs/operations.md between their markers: the
 * run-time one from SETTINGS in server/config.ts, the build-time one from SITE_SETTINGS
 * in site.config.ts (each variable, its default and what it does). With --check, writes
 * nothing and exits 1 when a table differs from the generated one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SETTINGS } from '../server/config.ts';
import { type SettingDoc, SITE_SETTINGS } from '../site.config.ts';
import { repoRoot } from './paths.ts';

export const OPERATIONS_DOC = path.join(repoRoot, 'docs', 'operations.md');

/** A generated table's place in the document: between its start and end markers. */
export interface TableMarkers {
  start: string;
  end: string;
}

export const RUN_TIME_MARKERS: TableMarkers = {
  start: '<!-- config-table:start (generated from server/config.ts by `npm run docs:config`; edit SETTINGS there) -->',
  end: '<!-- config-table:end -->',
};
export const BUILD_TIME_MARKERS: TableMarkers = {
  start: '<!-- site-table:start (generated from site.config.ts by `npm run docs:config`; edit SITE_SETTINGS there) -->',
  end: '<!-- site-table:end -->',
};

/** A Markdown table cell: no line breaks, pipes escaped. */
const cell = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

function defaultCell(setting: SettingDoc): string {
  if (setting.defaultText !== undefined) return cell(setting.defaultText);
  if (setting.default !== undefined) return `\`${String(setting.default)}\``;
  return '';
}

/** A table of settings, one row per setting in their order. */
export function configTable(settings: Record<string, SettingDoc>): string {
  const rows = Object.entries(settings).map(([name, setting]) => `| \`${name}\` | ${defaultCell(setting)} | ${cell(setting.description)} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The document with the text between the markers replaced by the table. */
export function withTable(doc: string, markers: TableMarkers, table: string): string {
  const start = doc.indexOf(markers.start);
  const end = doc.indexOf(markers.end);
  if (start === -1 || end === -1 || end < start) throw new Error(`docs/operations.md lacks the markers ${markers.start} … ${markers.end}`);
  return `${doc.slice(0, start + markers.start.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

/** The text between a table's markers, trimmed. */
export function tableIn(doc: string, markers: TableMarkers): string {
  return doc.slice(doc.indexOf(markers.start) + markers.start.length, doc.indexOf(markers.end)).trim();
}

/** The document with both tables generated from the code. */
export function withConfigTables(doc: string): string {
  return withTable(withTable(doc, RUN_TIME_MARKERS, configTable(SETTINGS)), BUILD_TIME_MARKERS, configTable(SITE_SETTINGS));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const doc = fs.readFileSync(OPERATIONS_DOC, 'utf8');
  const next = withConfigTables(doc);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      process.stderr.write('docs/operations.md: a configuration table differs from server/config.ts or site.config.ts; run npm run docs:config\n');
      process.exit(1);
    }
  } else if (next !== doc) {
    fs.writeFileSync(OPERATIONS_DOC, next);
    process.stdout.write('docs/operations.md: configuration tables written\n');
  } else {
    process.stdout.write('docs/operations.md: configuration tables already up to date\n');
  }
}
