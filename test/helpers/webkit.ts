/**
 * WebKit (Safari's engine) in tests: Debian's WebKitGTK MiniBrowser, driven through
 * WebKitWebDriver by plain W3C WebDriver requests, on a virtual X display of its own (Xvfb,
 * which picks a free display number and says which). Both packages are installed by
 * scripts/test-env.sh (webkit2gtk-driver, xvfb). `javaScript: false` turns off the scripts of
 * the pages (`--enable-javascript-markup=false`) while WebDriver's own still run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../scripts/free-port.ts';

/** MINIBROWSER_PATH, else Debian's (/usr/lib/<arch>/webkit2gtk-4.x/MiniBrowser). */
function miniBrowserPath(): string {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const found = (fs.existsSync('/usr/lib') ? fs.readdirSync('/usr/lib') : [])
    .flatMap((arch) => ['webkit2gtk-4.1', 'webkit2gtk-4.0'].map((dir) => `/usr/lib/${arch}/${dir}/MiniBrowser`))
    .find((file) => fs.existsSync(file));
  if (!found) throw new Error("WebKitGTK's MiniBrowser not found: run bash scripts/test-env.sh (webkit2gtk-driver), or set MINIBROWSER_PATH");
  return found;
}
/** WebDriver's key for an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** Starts Xvfb on a free display; resolves with its number once it accepts connections. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let out = '';
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named its display`)));
    (xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, process: xvfb });
    });
  });
}

export async function launchWebKit({ javaScript = true, width = 360, height = 640 }: { javaScript?: boolean; width?: number; height?: number } = {}) {
  const binary = miniBrowserPath();
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const stop = () => {
    driver.kill();
    xvfb.process.kill();
  };

  async function wd<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { value: T };
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(json.value).slice(0, 500)}`);
    return json.value;
  }

  try {
    // The driver answers once it listens.
    for (let attempt = 0; ; attempt++) {
      try {
        await wd('GET', '/status');
        break;
      } catch (error) {
        if (attempt > 200) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const args = ['--automation', ...(javaScript ? [] : ['--enable-javascript-markup=false'])];
    const { sessionId } = await wd<{ sessionId: string }>('POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args } } },
    });
    const session = `/session/${sessionId}`;
    await wd('POST', `${session}/window/rect`, { width, height });
    const element = (ref: Record<string, string>) => ref[ELEMENT]!;
    return {
      goto: (url: string) => wd('POST', `${session}/url`, { url }),
      url: () => wd<string>('GET', `${session}/url`),
      title: () => wd<string>('GET', `${session}/title`),
      /** Runs a script in the page (WebDriver's own, whether or not the page's scripts run). */
      evaluate: <T>(script: string, ...args: unknown[]) => wd<T>('POST', `${session}/execute/sync`, { script, args }),
      /** The element a script returns (e.g. one inside a shadow root). */
      elementBy: async (script: string, ...args: unknown[]) => element(await wd<Record<string, string>>('POST', `${session}/execute/sync`, { script, args })),
      /** Types into an element as keystrokes (`\uE007` is Enter). */
      type: (id: string, text: string) => wd('POST', `${session}/element/${id}/value`, { text }),
      async close() {
        await wd('DELETE', session).catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
