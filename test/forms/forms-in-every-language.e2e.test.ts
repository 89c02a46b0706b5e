/**
 * Both forms in every language of the site but English (issue 34), in Chromium against the
 * built site and the real service: on each language's home page a society registers and on
 * its career page an applicant applies, each confirmed in that language and stored with it;
 * a refused phone is answered in that language: by the service's JSON (400, its sentence,
 * `field`), by the form's own check before sending, and, posted by a browser that checks
 * nothing with script off, by the service's page (the problem linked to the field, every value back).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage, languages, routeIn, type Language, type LanguageCode } from '../../contract/languages.ts';
import { SERVICE_MESSAGES } from '../../contract/messages/index.ts';
import type { WidgetMessages } from '../../widgets/i18n/types.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { postJson, readDb, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true, env: { ALTCHA_MAX_NUMBER: '2000' } });
  // The visitor's own presses only: no outbox worker sends behind their back.
  browser = await launchBrowser({ serviceWorkers: 'block' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const FORMS = {
  society: { tag: 'society-registration', route: '/', first: 'name' },
  career: { tag: 'career-application', route: '/career', first: 'fullName' },
} as const;
const CHOICES = new Set(['course', 'areaOfInterest']);

const catalogueOf = async (language: Language): Promise<WidgetMessages> =>
  ((await import(`../../widgets/i18n/${language.code}.ts`)) as Record<string, WidgetMessages>)[language.code]!;

/** Opens the form on the language's page and waits until its script has taken it over. */
async function openForm(page: Page, language: Language, kind: keyof typeof FORMS) {
  const { tag, route, first } = FORMS[kind];
  await page.goto(site.url + routeIn(language, route));
  await page.locator(`${tag} [name="${first}"]`).focus();
  await page.waitForFunction((t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])'), tag);
}

async function fill(page: Page, kind: keyof typeof FORMS, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`${FORMS[kind].tag} [name="${name}"]`);
    if (CHOICES.has(name)) await control.selectOption(value);
    else await control.fill(value);
  }
}

const storedAs = (email: string) =>
  readDb(site.dataDir, (db) => db.prepare("SELECT kind, language FROM leads WHERE json_extract(fields, '$.email') = ?").all(email)) as { kind: string; language: string }[];

describe.each(languages.filter((l) => l !== defaultLanguage))('the forms in $name ($code)', (language) => {
  it.each(['society', 'career'] as const)('%s: sent through the real service, confirmed in the language, stored with it', async (kind) => {
    const text = await catalogueOf(language);
    const context = await browser.newContext();
    const page = await context.newPage();
    await openForm(page, language, kind);
    const email = `${kind}.${language.code}@example.in`;
    await fill(page, kind, formValues(kind, { email }));
    await page.locator(`${FORMS[kind].tag} button[type="submit"]`).click();
    await page.locator(FORMS[kind].tag).getByRole('heading', { name: text[kind].successTitle }).waitFor({ timeout: 30_000 });
    expect(storedAs(email)).toEqual([{ kind, language: language.code }]);
    await context.close();
  });

  it("a refused phone is answered in the language: by the service's JSON, by the form's own check, and by the service's page to a post without script, every value back", async () => {
    const { invalidPhone } = SERVICE_MESSAGES[language.code as LanguageCode];
    const answer = await postJson(`${site.url}/addSocietyQuery`, { ...VALID_SOCIETY, phone: '12' }, { 'content-language': language.code });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, message: invalidPhone, field: 'phone' });

    // On the form: the browser's own check says the same sentence; a browser that checks nothing posts it, and the service's page says it.
    const text = await catalogueOf(language);
    const email = `refused.${language.code}@example.in`;
    const values = formValues('society', { email, phone: '12' });
    const scripted = await browser.newContext();
    const page = await scripted.newPage();
    await openForm(page, language, 'society');
    await fill(page, 'society', values);
    await page.locator('society-registration button[type="submit"]').click();
    const phone = page.locator('society-registration [name="phone"]');
    await expect.poll(() => phone.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(invalidPhone);
    await scripted.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(site.url + routeIn(language, '/'));
    await plain.locator('society-registration form').evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await fill(plain, 'society', values);
    const answered = plain.waitForResponse((r) => new URL(r.url()).pathname === '/addSocietyQuery');
    await plain.locator('society-registration button[type="submit"]').click();
    expect((await answered).status()).toBe(400);
    await plain.waitForLoadState();
    expect(await plain.locator('html').getAttribute('lang')).toBe(language.htmlLang);
    expect(await plain.locator('.error-summary h2').textContent()).toBe(text.formPost.problemTitle);
    expect(await plain.locator('.error-summary a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([[invalidPhone, '#society-phone']]);
    for (const [name, value] of Object.entries(values)) expect(await plain.locator(`.lead-answer form [name="${name}"]`).inputValue(), name).toBe(value);
    expect(storedAs(email)).toEqual([]);
    await context.close();
  });
});
