/**
 * The lead contract in Chromium: for each phone, email and one-line text of the table, the
 * built form's own validation accepts exactly what the contract accepts, on both forms (one
 * page per form, the whole table in one evaluation per field). The service's verdicts on the
 * same table: lead-contract-service.unit.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { EMAIL_CASES, PHONE_CASES, TEXT_CASES } from '../helpers/lead-cases.ts';
import { startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const forms = [
  { route: '/', tag: 'society-registration', textField: 'city' },
  { route: '/career', tag: 'career-application', textField: 'college' },
] as const;

describe.each(forms)('$tag: the browser refuses exactly what the contract refuses', ({ route, tag, textField }) => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.context.newPage();
    await page.goto(site.url + route);
  });
  afterAll(() => page?.close());

  /** Whether the form's own control accepts each value (its native validation, as the submit button checks it). */
  const browserVerdicts = (field: string, values: string[]): Promise<boolean[]> =>
    page.evaluate(
      ({ tag, field, values }) => {
        const input = document.querySelector(tag)!.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${field}"]`)!;
        return values.map((value) => {
          input.value = value;
          return input.validity.valid;
        });
      },
      { tag, field, values },
    );

  it.each([
    ['phone', PHONE_CASES],
    ['email', EMAIL_CASES],
    [textField, TEXT_CASES],
  ] as const)('%s', async (field, cases) => {
    const values = cases.map(([value]) => value);
    const inBrowser = await browserVerdicts(field, values);
    expect(values.map((value, i) => [value, inBrowser[i]])).toEqual(cases.map(([value, accepted]) => [value, accepted]));
  });
});
