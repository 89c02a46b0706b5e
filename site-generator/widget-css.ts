/**
 * The widgets' shadow CSS, built once per file: the same PostCSS settings as the page CSS
 * (postcss.config.js: postcss-preset-env lowers what the supported browsers lack), then
 * minified by lightningcss. No lightningcss targets: PostCSS decides the lowering, the
 * minifier only shortens. The result is the one text both adopted as the element's
 * stylesheet and written into the pre-rendered <style> (hashed into the CSP).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'lightningcss';
import postcss, { type AcceptedPlugin } from 'postcss';
import { repoRoot } from '../scripts/paths.ts';

let plugins: Promise<AcceptedPlugin[]> | undefined;

/** The page CSS's PostCSS plugins, as Vite reads them for styles/. */
function postcssPlugins(): Promise<AcceptedPlugin[]> {
  plugins ??= import(pathToFileURL(path.join(repoRoot, 'postcss.config.js')).href).then(
    (config: { default: { plugins: AcceptedPlugin[] } }) => config.default.plugins,
  );
  return plugins;
}

export async function buildWidgetCss(css: string, file: string): Promise<string> {
  const processed = await postcss(await postcssPlugins()).process(css, { from: file });
  const { code } = transform({ filename: file, code: Buffer.from(processed.css), minify: true });
  return code.toString();
}
