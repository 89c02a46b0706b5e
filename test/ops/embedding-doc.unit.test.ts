import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/paths.ts';
import { widgetApi } from '../../widgets/registry/api.ts';

const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'embedding.md'), 'utf8');

/** The names in the first column of the first table after a heading (each `code` span of the cell). */
function firstColumn(heading: string): string[] {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, `docs/embedding.md has no heading "${heading}"`).toBeGreaterThan(-1);
  const lines = doc.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1]!);
  }
  return rows.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

const unique = (names: string[]) => [...new Set(names)].sort();
const forms = widgetApi.filter((api) => api.attributes.length > 0);

describe('docs/embedding.md against the public API (widgets/registry/api.ts)', () => {
  it('lists every attribute of the forms, and no other', () => {
    expect(forms.length).toBe(2);
    expect(unique(firstColumn('## Attributes (both forms)'))).toEqual(unique(forms.flatMap((api) => api.attributes.map((a) => a.name))));
  });

  it('lists every theming custom property, part and event, and no other', () => {
    expect(unique(firstColumn('## Theming'))).toEqual(unique(widgetApi.flatMap((api) => api.cssProperties.map((p) => p.name))));
    expect(unique(firstColumn('### Parts (`::part()`)'))).toEqual(unique(widgetApi.flatMap((api) => api.cssParts.map((p) => p.name))));
    expect(unique(firstColumn('## Events'))).toEqual(unique(widgetApi.flatMap((api) => api.events.map((e) => e.name))));
  });
});
