/**
 * npm run docs:contract [-- --check]
 * Writes the lead contract's part of docs/intake-api.md between its markers: each path's
 * request body (its keys in payload order, required or optional, rule and limit) and the
 * collection notice's current version, from contract/lead-contract.ts and
 * contract/collection-notice.ts. Other docs link there instead of copying them. With
 * --check, writes nothing and exits 1 when the doc differs from the generated text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOTICE_VERSION } from '../contract/collection-notice.ts';
import { LEAD_PATHS } from '../contract/http.ts';
import { fieldNames, LEAD_FIELDS, LEAD_KINDS, type LeadField } from '../contract/lead-contract.ts';
import { type TableMarkers, tableIn, withTable } from './config-table.ts';
import { repoRoot } from './paths.ts';

export const INTAKE_API_DOC = path.join(repoRoot, 'docs', 'intake-api.md');

export const CONTRACT_MARKERS: TableMarkers = {
  start: '<!-- lead-contract:start (generated from contract/lead-contract.ts and contract/collection-notice.ts by `npm run docs:contract`; edit them there) -->',
  end: '<!-- lead-contract:end -->',
};

/** What a field's value must be, in a few words. */
function ruleText(field: LeadField): string {
  switch (field.rule) {
    case 'email':
      return `an email address (\`EMAIL_PATTERN\`), at most ${field.maxLength} characters`;
    case 'phone':
      return 'a phone number (`PHONE_PATTERN`)';
    case 'choice':
      return `one of ${field.options.map((o) => `\`${o.value}\``).join(', ')}`;
    case 'multiline':
      return `text, line breaks allowed, at most ${field.maxLength} characters`;
    case 'text':
      return `one line of text, at most ${field.maxLength} characters`;
    default: {
      // A rule this table does not word yet: its name and settings, so the doc never lacks a field.
      const { required: _, control: _c, autoComplete: _a, rule, ...settings } = field as LeadField;
      return `rule \`${rule}\`${Object.keys(settings).length ? ` (${Object.entries(settings).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')})` : ''}`;
    }
  }
}

/** The generated text: a table per path, then the notice version. */
export function contractSection(): string {
  const tables = LEAD_KINDS.map((kind) => {
    const rows = fieldNames(kind).map((name) => {
      const field = LEAD_FIELDS[kind][name] as LeadField;
      return `| \`${name}\` | ${field.required ? 'required' : 'optional (`""` or left out)'} | ${ruleText(field)} |`;
    });
    return [`\`POST ${LEAD_PATHS[kind]}\`, in payload order:`, '', '| key | | value |', '|---|---|---|', ...rows].join('\n');
  });
  return [...tables, `The collection notice's current version (\`X-Notice-Version\`): \`${NOTICE_VERSION}\`.`].join('\n\n');
}

/** The document with the generated section in place. */
export function withContractSection(doc: string): string {
  return withTable(doc, CONTRACT_MARKERS, contractSection());
}

export const contractSectionIn = (doc: string): string => tableIn(doc, CONTRACT_MARKERS);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const doc = fs.readFileSync(INTAKE_API_DOC, 'utf8');
  const next = withContractSection(doc);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      process.stderr.write('docs/intake-api.md: the request body or notice version differs from the contract; run npm run docs:contract\n');
      process.exit(1);
    }
  } else if (next !== doc) {
    fs.writeFileSync(INTAKE_API_DOC, next);
    process.stdout.write('docs/intake-api.md: lead contract written\n');
  } else {
    process.stdout.write('docs/intake-api.md: lead contract already up to date\n');
  }
}
