import type { Locator, Page } from 'playwright-core';

/** Presses Tab until `target` has focus (as a keyboard user would), at most `limit` times. */
export async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el.matches(':focus'))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Could not reach ${target} with ${limit} presses of Tab`);
}

/** Types into the focused control, then moves on with Tab. */
export async function typeAndTab(page: Page, text: string) {
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}
