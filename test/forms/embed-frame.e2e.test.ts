/**
 * The <iframe> snippet from /embed, for site builders that allow no script: pasted alone
 * into a page on another origin, against the real service started with no ALLOWED_ORIGINS.
 * The framed page (/embed/frame) is the only page that may be framed.
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../site.config.ts';
import { defaultLanguage, languages, routeIn } from '../../contract/languages.ts';
import { builtRoutes } from '../../scripts/bench/sizes.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { hostDocument, startHostPages } from '../helpers/host-page.ts';
import { storedLeads } from '../helpers/server.ts';
import { distDir, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let hosts: Awaited<ReturnType<typeof startHostPages>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const framed = ['/register', '/embed', '/', '/embed/frame'];
/** The iframe snippet exactly as /embed shows it, pointed at the test server instead of SITE_URL. */
let snippet = '';
/** The same from each other language's /embed page, by language code. */
const snippets: Record<string, string> = {};

const builtSiteUrl = loadSiteConfig().siteUrl;
const at = (url: string) => url.replace(builtSiteUrl, site.url);

beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
  const page = await browser.context.newPage();
  await page.goto(site.url + '/embed');
  snippet = at((await page.locator('#frame-snippet').textContent()) ?? '');
  await page.close();
  // Each other language's /embed page shows its own snippet: its form's language and height.
  for (const language of languages.filter((l) => l !== defaultLanguage)) {
    const other = await browser.context.newPage();
    await other.goto(site.url + routeIn(language, '/embed'));
    snippets[language.code] = at((await other.locator('#frame-snippet').textContent()) ?? '');
    await other.close();
  }
  const resizeLine = `<script src="${site.url}/embed/frame-resize.js" async></script>`;
  hosts = await startHostPages({
    ...Object.fromEntries(Object.entries(snippets).map(([code, html]) => [`/in/${code}`, () => hostDocument(html)])),
    '/': () => hostDocument(snippet),
    '/resized': () => hostDocument(resizeLine + snippet),
    '/sandboxed': () => hostDocument(snippet.replace('<iframe ', '<iframe sandbox="allow-scripts allow-forms" ')),
    '/framing': () => hostDocument(framed.map((route) => `<iframe src="${site.url}${route}" title="${route}" width="300" height="200"></iframe>`).join('')),
  });
});
afterAll(async () => {
  await browser?.close();
  await hosts?.stop();
  await site?.stop();
});

async function openHost(path: string, width: number): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 800 });
  await page.goto(hosts.url + path);
  const frame = await (await page.locator('iframe').elementHandle()).contentFrame();
  await frame!.waitForFunction(() => !!document.querySelector('society-registration')?.shadowRoot?.querySelector('form'));
  return { page, frame: frame! };
}

/** Whether the framed page scrolls, and whether the form, the line under it and every toast lie inside the frame. */
function layout(frame: Frame) {
  return frame.evaluate(() => {
    const root = document.documentElement;
    const inside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    const toasts = [...(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll('.toast') ?? [])];
    return {
      frameWidth: innerWidth,
      scrolls: root.scrollHeight > root.clientHeight || root.scrollWidth > root.clientWidth,
      formInside: inside(document.querySelector('society-registration')!),
      byLineInside: inside(document.querySelector('.frame-page__by')!),
      toasts: toasts.length,
      toastsInside: toasts.every(inside),
    };
  });
}

async function fill(frame: Frame, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await frame.locator(`society-registration [name="${name}"]`).fill(value);
}

/** The frame's lead POSTs and their answers, as they happen. */
function recordSends(page: Page): string[] {
  const sends: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && sends.push(`${r.url()} sent`));
  page.on('requestfinished', async (r) => r.method() === 'POST' && sends.push(`${r.url()} answered ${(await r.response())?.status()}`));
  page.on('requestfailed', (r) => r.method() === 'POST' && sends.push(`${r.url()} failed: ${r.failure()?.errorText}`));
  return sends;
}

/** What the framed form shows and sent, for a wait that failed. */
async function whatHappened(frame: Frame, sends: string[]): Promise<string> {
  const shown = await frame
    .evaluate(() => {
      const form = document.querySelector('society-registration')?.shadowRoot?.querySelector('form');
      const controls = form ? ([...form.elements].filter((c) => 'validity' in c && (c as HTMLInputElement).name) as HTMLInputElement[]) : [];
      return {
        controls: controls.map((c) => `${c.name}=${JSON.stringify(c.value)}${c.validity.valid ? '' : ' (invalid)'}`),
        toasts: document.querySelector('toast-host')?.shadowRoot?.textContent ?? '',
      };
    })
    .catch((error: Error) => error.message);
  return `POSTs: ${JSON.stringify(sends)}; the frame shows: ${JSON.stringify(shown)}`;
}

describe('the iframe snippet pasted alone into a page on another origin', () => {
  it('is a plain iframe with a declared size and no script', () => {
    expect(snippet).toMatch(new RegExp(`^<iframe src="${site.url}/embed/frame" title="[^"]+" width="100%" height="\\d+" style="border:0" loading="lazy"></iframe>$`));
  });

  it.each(languages.filter((l) => l !== defaultLanguage).map((l) => l.code))('the snippet of /%s/embed shows that language\'s whole form with no inner scrollbar at 320 px', async (code) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 336, height: 800 });
    await page.goto(hosts.url + `/in/${code}`);
    const frame = (await (await page.locator('iframe').elementHandle()).contentFrame())!;
    await frame.waitForFunction(() => !!document.querySelector('society-registration')?.shadowRoot?.querySelector('form'));
    expect(await frame.locator('society-registration').getAttribute('lang'), 'the form is in the language of its snippet').toBe(code);
    expect(await layout(frame)).toMatchObject({ frameWidth: 320, scrolls: false, formInside: true, byLineInside: true });
    await page.close();
  });

  it('shows the whole form with no inner scrollbar at every width from 320 px up', async () => {
    const page = await browser.context.newPage();
    const found: Record<number, unknown> = {};
    for (const width of [336, 360, 375, 412, 480, 560, 600, 768, 1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(hosts.url + '/');
      const frame = (await (await page.locator('iframe').elementHandle()).contentFrame())!;
      await frame.waitForFunction(() => !!document.querySelector('society-registration')?.shadowRoot?.querySelector('form'));
      const seen = await layout(frame);
      // The page's default 8px margins: a 336px window gives a 320px frame.
      expect(seen.frameWidth).toBeGreaterThanOrEqual(320);
      if (seen.scrolls || !seen.formInside || !seen.byLineInside) found[width] = seen;
    }
    await page.close();
    expect(found, 'frames that scroll or cut the form, by window width').toEqual({});
  });

  for (const width of [360, 1280]) {
    it(`at ${width} px: before and after the toasts, the form and its toasts fit without a scrollbar; the lead is stored`, async () => {
      const { page, frame } = await openHost('/', width);
      expect(await layout(frame)).toMatchObject({ scrolls: false, formInside: true, byLineInside: true, toasts: 0 });

      const societyName = `${VALID_SOCIETY.societyName} ${width}`;
      const sends = recordSends(page);
      const submit = frame.locator('society-registration button[type="submit"]');
      // Focus starts the element; typed only once it has taken over its pre-rendered form
      // (whose button stays disabled). Typed during the takeover, a field can come back with
      // the draft the previous test left on this origin and the keystrokes after it.
      await frame.focus('society-registration [name="name"]');
      await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
      await fill(frame, formValues('society', { societyName }));
      await submit.click();
      await expect
        .poll(() => frame.getByRole('status').filter({ hasText: 'Registration Successful!' }).count())
        .toBe(1)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\n${await whatHappened(frame, sends)}`);
        });
      expect(await layout(frame)).toMatchObject({ scrolls: false, formInside: true, byLineInside: true, toasts: 1, toastsInside: true });
      expect(storedLeads(site.dataDir).map((lead) => lead.fields.societyName)).toContain(societyName);

      // A refusal too, from the empty form brought back by the confirmation's button: the service
      // turns down a name of spaces (the browser's `required` lets it through). The new submit
      // withdraws the form's earlier toast, so the refusal's toast is the one that must fit.
      await frame.locator('society-registration').getByRole('button', { name: 'Register another society' }).click();
      await fill(frame, formValues('society', { name: '   ' }));
      await submit.click();
      await expect.poll(() => frame.getByRole('alert').filter({ hasText: 'Registration Failed' }).count()).toBe(1);
      expect(await layout(frame)).toMatchObject({ scrolls: false, formInside: true, toasts: 1, toastsInside: true });
      await page.close();
    });
  }

  it('works in a sandboxed frame (allow-scripts allow-forms): the form shows and its script takes over', async () => {
    const { page, frame } = await openHost('/sandboxed', 360);
    expect(await frame.evaluate(() => origin)).toBe('null');
    await frame.locator('society-registration [name="name"]').fill(VALID_SOCIETY.name);
    await expect.poll(() => frame.locator('society-registration button[type="submit"]').isEnabled()).toBe(true);
    expect(await frame.locator('society-registration [name="name"]').inputValue()).toBe(VALID_SOCIETY.name);
    expect(await layout(frame)).toMatchObject({ scrolls: false, formInside: true });
    await page.close();
  });
});

describe('the framed page', () => {
  it('takes the partner id, a language and a checked theme from its URL, and ignores unsafe values', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.url}/embed/frame?partner=GreenPark-RWA&lang=en&accent=1d4ed8&radius=4&text=url(x)&surface=red;x`);
    const form = page.locator('society-registration');
    await expect.poll(() => form.getAttribute('partner')).toBe('greenpark-rwa');
    expect(await form.getAttribute('lang')).toBe('en');
    // The button's colour eases to the new accent (a CSS transition): read it once it has arrived.
    const look = () => page.evaluate(() => {
      const button = document.querySelector('society-registration')!.shadowRoot!.querySelector('button[type="submit"]')!;
      const root = getComputedStyle(document.documentElement);
      return {
        accent: getComputedStyle(button).backgroundColor,
        radius: getComputedStyle(button).borderTopLeftRadius,
        text: root.getPropertyValue('--widget-text'),
        surface: root.getPropertyValue('--widget-surface'),
      };
    });
    await expect.poll(look).toEqual({ accent: 'rgb(29, 78, 216)', radius: '4px', text: '', surface: '' });
    await page.close();
  });

  it('with the optional resize line, the host sizes the frame to the form and ignores other messages', async () => {
    const { page, frame } = await openHost('/resized', 1280);
    const iframe = page.locator('iframe');
    // The form may still be growing when the page is first seen (a loaded machine): the frame follows its height as it settles.
    const contentHeight = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    let content = 0;
    await expect
      .poll(async () => {
        content = await contentHeight();
        return (await iframe.getAttribute('height')) === String(content);
      })
      .toBe(true);
    expect(content).toBeLessThan(700); // two columns at this width: much shorter than the declared height
    expect(await layout(frame)).toMatchObject({ scrolls: false, formInside: true, byLineInside: true });
    // A message from anywhere but the frame itself changes nothing: checked once a second message,
    // posted after it, has arrived (a window's messages arrive in order, each handled in turn).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          addEventListener('message', function after(event) {
            if (event.data !== 'after') return;
            removeEventListener('message', after);
            resolve();
          });
          postMessage({ type: 'society-registration-frame:height', height: 300 }, '*');
          postMessage('after', '*');
        }),
    );
    expect(await iframe.getAttribute('height')).toBe(String(content));
    await page.close();
  });

  it('the resize line, loaded async after the frame told its height, asks again and sizes the frame', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    // Heights the frame posts, recorded from the start: the line is added once the last one is the frame's settled height.
    await page.addInitScript(() => {
      const heights: number[] = ((window as unknown as { heights: number[] }).heights = []);
      addEventListener('message', (event) => {
        if ((event.data as { type?: string } | null)?.type === 'society-registration-frame:height') heights.push(event.data.height);
      });
    });
    await page.goto(hosts.url + '/');
    const iframe = page.locator('iframe');
    const frame = (await (await iframe.elementHandle()).contentFrame())!;
    const contentHeight = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await expect.poll(async () => (await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1))) === (await contentHeight())).toBe(true);
    const declared = await iframe.getAttribute('height');
    expect(Number(declared)).not.toBe(await contentHeight());

    await page.addScriptTag({ url: `${site.url}/embed/frame-resize.js` });
    await expect.poll(async () => (await iframe.getAttribute('height')) === String(await contentHeight())).toBe(true);
    await page.close();
  });
});

describe('which pages may be framed', () => {
  it('only /embed/frame answers frame-ancestors *; every other page answers frame-ancestors none and X-Frame-Options DENY', async () => {
    const routes = builtRoutes(distDir);
    expect(routes).toEqual(expect.arrayContaining(['/embed', '/embed/frame', '/register']));
    for (const route of [...routes, '/no-such-page']) {
      const res = await fetch(site.url + route);
      const csp = res.headers.get('content-security-policy') ?? '';
      if (route === '/embed/frame') {
        expect(csp, route).toContain('frame-ancestors *');
        expect(res.headers.get('x-frame-options'), route).toBeNull();
      } else {
        expect(csp, route).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-frame-options'), route).toBe('DENY');
      }
    }
  });

  it('a browser shows /embed/frame in a frame, and refuses every other page', async () => {
    const page = await browser.context.newPage();
    await page.goto(hosts.url + '/framing');
    await page.waitForLoadState('load');
    const frames = page.frames().slice(1);
    expect(frames).toHaveLength(framed.length);
    const shown: Record<string, boolean> = {};
    for (const [i, frame] of frames.entries()) {
      // A refused frame holds Chromium's error page, never our <main>.
      shown[framed[i]!] = await frame.evaluate(() => !!document.querySelector('main#main')).catch(() => false);
    }
    expect(shown).toEqual({ '/register': false, '/embed': false, '/': false, '/embed/frame': true });
    await page.close();
  });
});
