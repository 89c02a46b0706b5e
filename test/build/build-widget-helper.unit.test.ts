/**
 * The `{{widget}}` page helper (site-generator/widget-helper.ts): it renders a form's
 * Declarative Shadow DOM with the form's own stylesheet text, escapes what it writes into
 * attributes, and fails on an unknown tag or argument.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { createServer } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPrerender, renderWidget, widgetPlacement, type Prerender } from '../../site-generator/widget-helper.ts';
import { pagesDir, repoRoot } from '../../scripts/paths.ts';
import { CAREER_APPLICATION, FAQ_ACCORDION, SOCIETY_REGISTRATION } from '../../widgets/registry/names.ts';
import { societyRegistrationDefaults } from '../../widgets/registry/texts.ts';

let prerender: Prerender;
beforeAll(async () => {
  prerender = await loadPrerender();
}, 60_000);

/** A page template through Handlebars with the helper, then the step that puts the shadow roots in. */
function page(template: string): string {
  const placement = widgetPlacement(() => prerender);
  const hbs = Handlebars.create();
  hbs.registerHelper('widget', placement.helper);
  return placement.restore(hbs.compile(template)({}));
}

describe('{{widget}}', () => {
  it('renders the element with an open shadow root: the form stylesheet, then a form the browser can post itself, its button live', () => {
    const html = page(`<main>{{widget "${SOCIETY_REGISTRATION}"}}</main>`);
    const { css } = prerender.shadowRootOf(SOCIETY_REGISTRATION, {});
    expect(html.startsWith(`<main><${SOCIETY_REGISTRATION}><template shadowrootmode="open"><style>${css}</style><form `)).toBe(true);
    expect(html.endsWith(`</form></template></${SOCIETY_REGISTRATION}></main>`)).toBe(true);
    expect(html).toContain(`>${societyRegistrationDefaults.heading}</h2>`);
    expect(html).toMatch(/<form [^>]*action="\/addSocietyQuery" method="post"/);
    expect(html).toMatch(/<button type="submit"[^>]*>/);
    expect(html).not.toMatch(/<button type="submit"[^>]* disabled/);
    expect(html).toContain('<input type="hidden" name="lang" value="en"/>');
    expect(html).toContain('<label hidden="">Leave empty <input name="website"/></label>');
    expect(css.length).toBeGreaterThan(1000);
    expect(css).not.toMatch(/\n|\/\*/);
  });

  it('places id, and passes heading and intro to the element and to the render', () => {
    const html = page(`{{widget "${CAREER_APPLICATION}" intro="Tell us more" heading="Join us" id="apply"}}`);
    expect(html).toMatch(new RegExp(`^<${CAREER_APPLICATION} id="apply" heading="Join us" intro="Tell us more"><template shadowrootmode="open">`));
    expect(html).toContain('part="heading">Join us</h2>');
    expect(html).toContain('part="intro">Tell us more</p>');
  });

  it('renders a form in Hindi with lang="hi": the element carries it, the shadow root is the Hindi form (nothing changes at takeover)', async () => {
    const { hi } = await import('../../widgets/i18n/hi.ts');
    const html = page(`{{widget "${SOCIETY_REGISTRATION}" lang="hi" id="registration"}}`);
    expect(html).toMatch(new RegExp(`^<${SOCIETY_REGISTRATION} id="registration" lang="hi"><template shadowrootmode="open">`));
    expect(html).toContain(`lang="hi" dir="ltr"`);
    expect(html).toContain(`>${hi.society.heading}</h2>`);
    expect(html).toContain(`placeholder="${hi.society.fields.name.placeholder}"`);
    expect(html).toContain(hi.notice.collected.society);
    expect(html).toContain(`>${hi.society.submit}</button>`);
    expect(html).not.toContain(societyRegistrationDefaults.heading);
    const career = page(`{{widget "${CAREER_APPLICATION}" lang="hi"}}`);
    expect(career).toContain(`<option value="Other">अन्य</option>`);
    expect(career).toContain(`<option value="tech-intern">${hi.career.roles['tech-intern']}</option>`);
    expect(page(`{{widget "${CAREER_APPLICATION}" lang="en"}}`)).toContain('<option value="tech-intern">Tech Intern</option>');
    expect(() => page(`{{widget "${SOCIETY_REGISTRATION}" lang="fr"}}`)).toThrow(/lang="fr"; allowed: en, hi/);
  });

  it('escapes attribute values; the rendered text is the value itself', () => {
    const heading = `Fees & "dues" <now>`;
    const { start, shadowRoot } = renderWidget(prerender, SOCIETY_REGISTRATION, { heading });
    expect(start).toBe(`<${SOCIETY_REGISTRATION} heading="Fees &amp; &quot;dues&quot; &lt;now&gt;">`);
    expect(shadowRoot).toContain('part="heading">Fees &amp; &quot;dues&quot; &lt;now&gt;</h2>');
  });

  it('fails on a tag that is not a pre-rendered form', () => {
    expect(() => page('{{widget "registration-form"}}')).toThrow(/unknown form "registration-form"/);
    expect(() => page(`{{widget "${FAQ_ACCORDION}"}}`)).toThrow(/unknown form/);
    expect(() => page('{{widget}}')).toThrow(/takes one tag/);
  });

  it('fails on an unknown argument, a value that is not a string, or a language it does not know', () => {
    expect(() => page(`{{widget "${SOCIETY_REGISTRATION}" title="x"}}`)).toThrow(/unknown argument title/);
    expect(() => page(`{{widget "${SOCIETY_REGISTRATION}" heading=3}}`)).toThrow(/heading must be a string/);
    expect(() => page(`{{widget "${SOCIETY_REGISTRATION}" load-on="interaction"}}`)).toThrow(/unknown argument load-on/);
    expect(() => page(`{{widget "${SOCIETY_REGISTRATION}" lang="fr"}}`)).toThrow(/lang="fr"; allowed: en, hi/);
  });

  it('runs in the dev server too (npm run dev), with the same stylesheet text', async () => {
    const server = await createServer({ configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'silent', server: { middlewareMode: true, ws: false } });
    try {
      const html = await server.transformIndexHtml('/', fs.readFileSync(path.join(pagesDir, 'index.html'), 'utf8'));
      const { css } = prerender.shadowRootOf(SOCIETY_REGISTRATION, {});
      expect(html).toContain(`<${SOCIETY_REGISTRATION}><template shadowrootmode="open"><style>${css}</style><form `);
    } finally {
      await server.close();
    }
  }, 60_000);
});
