/**
 * The lead contract in Chromium against the real service: for each phone, email and one-line
 * text of the table, the built form's own validation and the service's answer agree, on both forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { validLead } from '../helpers/fixtures.ts';
import { EMAIL_CASES, PHONE_CASES, TEXT_CASES } from '../helpers/lead-cases.ts';
import { postJson, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true, env: { RATE_LIMIT_MAX: '10000' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const forms = [
  {
    route: '/',
    tag: 'society-registration',
    endpoint: '/addSocietyQuery',
    kind: 'society',
    textField: 'city',
  },
  {
    route: '/career',
    tag: 'career-application',
    endpoint: '/addQuery',
    kind: 'career',
    textField: 'college',
  },
] as const;

describe.each(forms)('$tag: the browser refuses exactly what the service refuses', ({ route, tag, endpoint, kind, textField }) => {
  /** Whether the form's own control accepts each value (its native validation, as the submit button checks it). */
  async function browserVerdicts(field: string, values: string[]): Promise<boolean[]> {
    const page = await browser.context.newPage();
    try {
      await page.goto(site.url + route);
      return await page.evaluate(
        ({ tag, field, values }) => {
          const input = document.querySelector(tag)!.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${field}"]`)!;
          return values.map((value) => {
            input.value = value;
            return input.validity.valid;
          });
        },
        { tag, field, values },
      );
    } finally {
      await page.close();
    }
  }

  const serviceVerdicts = (field: string, values: string[]) =>
    Promise.all(values.map(async (value) => (await postJson(site.url + endpoint, validLead(kind, { [field]: value }))).status === 200));

  it.each([
    ['phone', PHONE_CASES],
    ['email', EMAIL_CASES],
    [textField, TEXT_CASES],
  ] as const)('%s', async (field, cases) => {
    const values = cases.map(([value]) => value);
    const expected = cases.map(([value, accepted]) => [value, accepted]);
    const inBrowser = await browserVerdicts(field, values);
    const byService = await serviceVerdicts(field, values);
    expect(values.map((value, i) => [value, inBrowser[i]])).toEqual(expected);
    expect(values.map((value, i) => [value, byService[i]])).toEqual(expected);
  });
});
