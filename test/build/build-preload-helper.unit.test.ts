/**
 * site-generator/preload-helper-plugin.ts swaps Vite's dynamic-import preload helper for a
 * lean one by answering Vite's private module id `\0vite/preload-helper.js`. If Vite
 * renames that module, the swap silently stops and the loader every page runs grows by
 * about 0.8 KB: these builds of a tiny entry fail loudly instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadHelperPlugin } from '../../site-generator/preload-helper-plugin.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-helper-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.writeFileSync(path.join(root, 'main.js'), "document.body.onclick = () => Promise.all([import('./a.js'), import('./b.js')]);\n");
fs.writeFileSync(path.join(root, 'a.js'), "import { shared } from './shared.js';\nexport const a = shared + 1;\n");
fs.writeFileSync(path.join(root, 'b.js'), "import { shared } from './shared.js';\nexport const b = shared + 2;\n");
fs.writeFileSync(path.join(root, 'shared.js'), 'export const shared = Math.random();\n');

/** The entry chunk's code, as `vite build` writes it (not minified, so the helper can be read). */
async function entryCode(plugins: Plugin[]): Promise<string> {
  const result = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, modulePreload: { polyfill: false }, rollupOptions: { input: path.join(root, 'main.js') } },
  })) as Rolldown.RolldownOutput;
  const entry = result.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry);
  return entry!.code;
}

describe('lean preload helper', () => {
  it("Vite's own helper is still what a dynamic import with shared chunks gets (the module the plugin replaces exists)", async () => {
    const code = await entryCode([]);
    expect(code).toContain('vite:preloadError');
  }, 60_000);

  it('with the plugin, the entry carries the lean helper: modulepreload links for the chunks, nothing else of Vite’s', async () => {
    const code = await entryCode([preloadHelperPlugin()]);
    expect(code).not.toContain('vite:preloadError');
    expect(code).not.toContain('csp-nonce');
    expect(code).toMatch(/["'`]modulepreload["'`]/);
    expect(code).toContain('document.head.append(link)');
    expect(code).toMatch(/shared-[\w-]+\.js/);
  }, 60_000);
});
