import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, validLead, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { startServer, storedLeads } from '../helpers/server.ts';
import { MESSAGES } from '../../contract/messages/en.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-output/partner');
let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  partner = await startPartnerSite(() => site.url);
  site = await startServer({ site: true, env: { ALLOWED_ORIGINS: partner.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
});

const societyLeads = () => storedLeads(site.dataDir).map((lead) => lead.fields);

function crop(png: PNG, width: number, height: number): PNG {
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, width, height, 0, 0);
  return out;
}

describe('the registration widget pasted into a hostile partner page on another origin', () => {
  it('works under the partner CSP, stores the lead, tells the host page, and defines each element once', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(partner.url + '/');
    await page.waitForFunction(() => document.querySelectorAll('society-registration').length === 2 && !!customElements.get('society-registration'));
    await page.waitForFunction(() => [...document.querySelectorAll('society-registration')].every((el) => el.shadowRoot?.querySelector('form')));
    expect(await page.evaluate(() => document.querySelectorAll('toast-host').length)).toBe(1);
    expect(await page.locator('#second society-registration h2').textContent()).toBe('Second copy');

    const form = page.locator('#first society-registration');
    const submit = form.locator('button[type="submit"]');
    expect(await submit.isVisible()).toBe(true);
    // The collection notice is part of the form's shadow root, its links absolute to our site.
    const notice = await form.evaluate((host) => {
      const el = host.shadowRoot!.querySelector<HTMLElement>('[part="notice"]');
      return el && { text: el.textContent, visible: el.getBoundingClientRect().height > 0, links: [...el.querySelectorAll('a')].map((a) => a.href) };
    });
    expect(notice?.visible).toBe(true);
    expect(notice?.text).toContain('12 months');
    expect(notice?.links).toContain(`${site.url}/privacy-policy#website-forms`);
    const inputWidth = await form.locator('input[name="name"]').evaluate((el) => el.getBoundingClientRect().width);
    expect(inputWidth).toBeGreaterThan(200);

    for (const [name, value] of Object.entries(formValues('society'))) await form.locator(`[name="${name}"]`).fill(value);
    await submit.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { partnerEvents: unknown[] }).partnerEvents)).toEqual([
      { type: 'registration-success', detail: { kind: 'society' }, target: 'society-registration' },
    ]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Registration Successful!' }).count()).toBe(1);
    expect(societyLeads().map((l) => l.societyName)).toEqual([VALID_SOCIETY.societyName]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('looks the same on the hostile page as on our own page', async () => {
    const shoot = async (url: string, selector: string) => {
      const page = await browser.context.newPage();
      await page.goto(url);
      const el = page.locator(selector);
      await el.scrollIntoViewIfNeeded();
      await el.hover(); // the /embed preview loads its script on interaction
      await page.waitForFunction((s) => {
        const host = document.querySelector(s);
        return !!customElements.get('society-registration') && !!host?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])');
      }, selector);
      // Same width and a whole-pixel position on both pages, so anti-aliasing matches too.
      const box = await el.evaluate((host: HTMLElement) => {
        // A block below the fold contains its paint (content-visibility): lift it, or the fixed host stays inside it.
        for (let block = host.parentElement; block; block = block.parentElement) Object.assign(block.style, { contentVisibility: 'visible', overflow: 'visible' });
        Object.assign(host.style, { position: 'fixed', top: '0', left: '0', width: '600px', margin: '0', zIndex: '2147483647' });
        const r = host.getBoundingClientRect();
        return { x: 0, y: 0, width: Math.round(r.width), height: Math.round(r.height) };
      });
      const png = PNG.sync.read(await page.screenshot({ clip: box, animations: 'disabled' }));
      await page.close();
      return png;
    };
    const ours = await shoot(site.url + '/embed', '#preview');
    const theirs = await shoot(partner.url + '/', '#first society-registration');
    fs.writeFileSync(path.join(outDir, 'ours.png'), PNG.sync.write(ours));
    fs.writeFileSync(path.join(outDir, 'partner.png'), PNG.sync.write(theirs));
    // Sub-pixel page offsets can round an element screenshot one pixel taller or wider.
    expect(Math.abs(theirs.width - ours.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(theirs.height - ours.height)).toBeLessThanOrEqual(1);
    const width = Math.min(ours.width, theirs.width);
    const height = Math.min(ours.height, theirs.height);
    const [a, b] = [crop(ours, width, height), crop(theirs, width, height)];
    const diff = new PNG({ width, height });
    const differing = pixelmatch(a.data, b.data, diff.data, width, height, { threshold: 0.1 });
    fs.writeFileSync(path.join(outDir, 'diff.png'), PNG.sync.write(diff));
    expect(differing / (width * height)).toBeLessThan(0.01);
  });

  it('is refused by the intake service from an origin that is not allowed, with a message the form can read', async () => {
    const res = await fetch(`${site.url}/addSocietyQuery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: JSON.stringify(validLead('society', { societyName: 'Refused Towers' })),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1');
    expect(await res.json()).toEqual({ success: false, message: MESSAGES.originRefused });
    expect(societyLeads().map((l) => l.societyName)).toEqual([VALID_SOCIETY.societyName]);
  });

  it('shows that refusal in the widget on an unlisted site (not "Network error"), keeping the fields', async () => {
    const unlisted = await startPartnerSite(() => site.url);
    const page = await browser.context.newPage();
    try {
      await page.goto(unlisted.url + '/');
      await page.waitForFunction(() => !!customElements.get('society-registration') && !document.querySelector('#first society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
      const form = page.locator('#first society-registration');
      const values = formValues('society', { societyName: 'Unlisted Towers' });
      for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.originRefused }).count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByText('Network error').count()).toBe(0);
      expect(await form.locator('[name="societyName"]').inputValue()).toBe(values.societyName);
      expect(societyLeads().map((l) => l.societyName)).not.toContain(values.societyName);
    } finally {
      await page.close();
      await unlisted.stop();
    }
  });
});
