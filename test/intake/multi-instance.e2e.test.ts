/**
 * Two service instances on one PostgreSQL behind a real nginx doing round robin
 * (test/helpers/two-instances.ts): a registration made in a real browser through nginx is
 * stored once and delivered once. What the instances do without a browser (proofs of work,
 * rate limits, a CV, 2,000 scripted leads, one instance SIGKILLed): multi-instance.unit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startTwoInstances } from '../helpers/two-instances.ts';

describe('two instances on one PostgreSQL behind nginx', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;

  beforeAll(async () => {
    two = await startTwoInstances();
  }, 240_000);
  afterAll(() => two?.stop(), 60_000);

  it('a registration made in a real browser through nginx is stored once and delivered once', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${two.nginx.url}/`);
      const form = page.locator('society-registration');
      await form.scrollIntoViewIfNeeded();
      await form.locator('[name="name"]').focus();
      await page.waitForFunction(() => !!customElements.get('society-registration') && !document.querySelector('society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
      for (const [name, value] of Object.entries(formValues('society'))) await form.locator(`[name="${name}"]`).fill(value);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Registration Successful!' }).count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await browser.close();
    }
    const ids = await two.leadIdsOf(VALID_SOCIETY.email);
    expect(ids).toHaveLength(1);
    await expect.poll(() => two.acceptedOnce(ids), { timeout: 20_000 }).toBe(true);
    // Recorded delivered (never sent again), then both instances stopped (each finishes its sends
    // in flight first): a second delivery would have arrived by now.
    await expect.poll(() => two.undelivered(), { timeout: 20_000 }).toBe(0);
    await Promise.all(two.instances.map((i) => i.stop()));
    expect(two.receiver.acceptedPerId().get(ids[0]!)).toBe(1);
  });
});
