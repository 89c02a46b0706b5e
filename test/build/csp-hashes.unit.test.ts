/**
 * Every inline style and every inline script the browser runs gets its CSP hash, whatever
 * attributes it carries and wherever it stands (inside a declarative shadow root too);
 * data blocks and external scripts get none. The page's language comes from the parsed <html>.
 */
import { describe, expect, it } from 'vitest';
import { cspHash } from '../../site-generator/csp-hash.ts';
import { scriptHashes, starterImports } from '../../site-generator/deferred-scripts.ts';
import { documentLanguage } from '../../site-generator/html-document.ts';
import { styleHashes } from '../../site-generator/inline-css.ts';

const page = `<!doctype html>
<html data-theme="x" lang="hi" dir="ltr"><head>
<style>body{margin:0}</style>
<style media="screen" data-x="1">main{color:red}</style>
<script>import("/assets/loader-1.js")</script>
<script type="module" nonce="n">console.log(1)</script>
<script type="application/ld+json">{"@context":"https://schema.org"}</script>
<script type="module" src="/assets/x.js"></script>
</head><body>
<society-registration><template shadowrootmode="open"><style class="shadow">form{gap:1rem}</style><form></form></template></society-registration>
</body></html>`;

describe('CSP hashes of a built page', () => {
  it('hashes every inline style, with or without attributes, shadow roots included', () => {
    expect(styleHashes(page)).toEqual(['body{margin:0}', 'main{color:red}', 'form{gap:1rem}'].map(cspHash));
  });

  it('hashes every inline script the browser runs, with or without attributes; not data blocks or external scripts', () => {
    expect(scriptHashes(page)).toEqual(['import("/assets/loader-1.js")', 'console.log(1)'].map(cspHash));
    expect(starterImports(page)).toEqual(['/assets/loader-1.js']);
  });

  it("reads the page's language from its <html>, wherever the attribute stands", () => {
    expect(documentLanguage(page)).toBe('hi');
    expect(documentLanguage('<!doctype html><html><body></body></html>')).toBeUndefined();
  });
});
