/**
 * docs/intake-api.md shows the request bodies and the collection notice's version from the
 * contract (npm run docs:contract), and the other docs link there instead of copying them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { fieldNames, LEAD_KINDS } from '../../contract/lead-contract.ts';
import { CONTRACT_MARKERS, contractSection, contractSectionIn, INTAKE_API_DOC, withContractSection } from '../../scripts/contract-docs.ts';
import { repoRoot } from '../../scripts/paths.ts';

const doc = fs.readFileSync(INTAKE_API_DOC, 'utf8');

describe('the lead contract in docs/intake-api.md (npm run docs:contract)', () => {
  it('is the section generated from the contract', () => {
    expect(doc).toContain(CONTRACT_MARKERS.start);
    expect(doc).toContain(CONTRACT_MARKERS.end);
    expect(contractSectionIn(doc)).toBe(contractSection());
    expect(withContractSection(doc)).toBe(doc);
  });

  it('has a row per field of each body, in payload order, and the current notice version', () => {
    const section = contractSection();
    for (const kind of LEAD_KINDS) {
      const keys = [...section.split(`/${kind === 'society' ? 'addSocietyQuery' : 'addQuery'}\``)[1]!.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
      expect(keys.slice(0, fieldNames(kind).length)).toEqual(fieldNames(kind));
    }
    expect(section).toContain(`\`${NOTICE_VERSION}\``);
  });

  it('is the only doc that states the current notice version', () => {
    for (const file of ['README.md', ...fs.readdirSync(path.join(repoRoot, 'docs')).map((f) => path.join('docs', f))]) {
      if (!file.endsWith('.md') || path.join(repoRoot, file) === INTAKE_API_DOC) continue;
      const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      // A version may be named as the one a sentence arrived in ("since …"), never as the current one.
      for (const m of text.matchAll(new RegExp(`(.{0,40})${NOTICE_VERSION}`, 'gs'))) expect(m[1], file).toMatch(/since (notice )?version\s+`?$/);
    }
  });
});
