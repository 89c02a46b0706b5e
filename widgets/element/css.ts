/**
 * The widgets' shadow CSS as one string each, built from plain CSS files. The same
 * string is adopted as a constructable stylesheet in the browser (define-element.ts)
 * and written into the pre-rendered <style> at build time (registry/prerender.tsx), so
 * both render identically. The files are imported `?raw`: Vite 8's `runnerImport`, which
 * the build uses for the pre-rendering, fails on `?inline` CSS (its CSS plugin is not
 * set up in that environment), and one text for both is what we want anyway. The build
 * runs each file through PostCSS and lightningcss (site-generator/widget-css-plugin.ts).
 */
import formCss from '../lead-form/form.css?raw';
import hostCss from './host.css?raw';

export const widgetCss = (...parts: string[]): string => [hostCss, ...parts].join('');
export const formWidgetCss = (own: string): string => widgetCss(formCss, own);
