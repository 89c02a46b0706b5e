import type { Locator, Page } from 'playwright-core';
import { fieldOfControl, LEAD_FIELDS, type LeadField, type LeadKind } from '../../contract/lead-contract.ts';

/** Presses Tab until `target` has focus (as a keyboard user would), at most `limit` times. */
export async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el.matches(':focus'))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Could not reach ${String(target)} with ${limit} presses of Tab`);
}

/** Types into the focused control, then moves on with Tab. */
export async function typeAndTab(page: Page, text: string) {
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

/**
 * A form's values as a visitor types them: a native select picks the option whose label
 * starts with what is typed, so a choice is typed as its label, every other value as it is.
 */
export function asTyped(kind: LeadKind, values: Record<string, string>): Record<string, string> {
  const fields: Record<string, LeadField> = LEAD_FIELDS[kind];
  return Object.fromEntries(
    Object.entries(values).map(([control, value]) => {
      const field = fields[fieldOfControl(kind, control) ?? ''];
      return [control, (field?.rule === 'choice' && field.options.find((o) => o.value === value)?.label) || value];
    }),
  );
}
