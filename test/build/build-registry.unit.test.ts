/**
 * The widget registry (widgets/registry/) is complete and is the one place the names live:
 * every tag has its entry file and public API, the page loader's list and the pre-render's
 * list hold registry tags only, and no other source file spells a tag or event name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetInputs } from '../../site-generator/inputs.ts';
import { loadPrerender } from '../../site-generator/widget-helper.ts';
import { repoRoot, widgetsDir } from '../../scripts/paths.ts';
import { widgetApi } from '../../widgets/registry/api.ts';
import { lazyWidgets } from '../../widgets/registry/loaders.ts';
import * as names from '../../widgets/registry/names.ts';
import { careerApplicationDefaults, societyRegistrationDefaults } from '../../widgets/registry/texts.ts';

const { widgetTags } = names;
const eventNames = [names.REGISTRATION_SUCCESS, names.REGISTRATION_ERROR, names.APPLICATION_SUCCESS, names.APPLICATION_ERROR];

describe('widget registry', () => {
  it('every tag has a define module, built as dist/widgets/<tag>.js', () => {
    const inputs = widgetInputs();
    expect(Object.keys(inputs).sort()).toEqual(widgetTags.map((tag) => `widget-${tag}`).sort());
    for (const tag of widgetTags) {
      expect(inputs[`widget-${tag}`]).toBe(path.join(widgetsDir, tag, 'define.ts'));
      expect(fs.existsSync(inputs[`widget-${tag}`]!), `${tag}/define.ts`).toBe(true);
    }
  });

  it('every tag has exactly one public API entry, and every API entry is a tag', () => {
    expect(widgetApi.map((api) => api.tag).sort()).toEqual([...widgetTags].sort());
  });

  it('the page loader watches registry tags only, and not <toast-host> (a form adds it)', () => {
    const watched = Object.keys(lazyWidgets);
    expect(watched.length).toBeGreaterThan(0);
    for (const tag of watched) expect(widgetTags).toContain(tag);
    expect(watched).not.toContain(names.TOAST_HOST);
  });

  it('the documented events are the registry constants, each documented once', () => {
    expect(widgetApi.flatMap((api) => api.events.map((e) => e.name)).sort()).toEqual([...eventNames].sort());
  });

  it('the pre-rendered forms are registry tags and render the documented default heading and intro', async () => {
    const prerender = await loadPrerender();
    expect([...prerender.prerenderedTags].sort()).toEqual([names.CAREER_APPLICATION, names.SOCIETY_REGISTRATION].sort());
    const defaults = { [names.SOCIETY_REGISTRATION]: societyRegistrationDefaults, [names.CAREER_APPLICATION]: careerApplicationDefaults };
    for (const tag of prerender.prerenderedTags) {
      const api = widgetApi.find((a) => a.tag === tag)!;
      const documented = (name: string) => api.attributes.find((a) => a.name === name)?.default;
      expect(documented('heading')).toBe(defaults[tag as keyof typeof defaults].heading);
      expect(documented('intro')).toBe(defaults[tag as keyof typeof defaults].intro);
      const { html } = prerender.shadowRootOf(tag, {});
      expect(html).toContain(`part="heading">${documented('heading')}</h2>`);
      expect(html).toContain(`part="intro">${documented('intro')}</p>`);
    }
  }, 60_000);

  it('no source file but widgets/registry/names.ts spells a tag or an event name as a string', () => {
    const spelled = [...widgetTags, ...eventNames];
    const literal = new RegExp(`(['"\`])(${spelled.join('|')})\\1`);
    const namesFile = path.join(widgetsDir, 'registry', 'names.ts');
    const offenders: string[] = [];
    for (const dir of ['widgets', 'scripts', 'server']) {
      for (const entry of fs.readdirSync(path.join(repoRoot, dir), { recursive: true }) as string[]) {
        const file = path.join(repoRoot, dir, entry);
        if (!/\.(ts|tsx|js)$/.test(file) || file === namesFile) continue;
        const match = literal.exec(fs.readFileSync(file, 'utf8'));
        if (match) offenders.push(`${path.relative(repoRoot, file)}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
