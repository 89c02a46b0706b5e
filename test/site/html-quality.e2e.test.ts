import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { languageOfRoute } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES, noticeRoute } from '../../contract/notice-languages.ts';
import { distDir, NOT_FOUND_ROUTE, pageFileOf } from '../../scripts/paths.ts';
import { textsOf } from '../helpers/page-text.ts';
import { embedPage, framePage, noticeLanguagePages, noticeListPage, notFoundPage, routes, twinRoutes } from '../helpers/routes.ts';

const dist = distDir();
const english = [...routes, embedPage, framePage, noticeListPage, { ...notFoundPage, path: NOT_FOUND_ROUTE }];
/** The notice in each of its languages: the page's lang and dir are the notice language's (contract/notice-languages.ts). */
const noticePages = noticeLanguagePages().map((path) => {
  const language = NOTICE_LANGUAGES.find((l) => noticeRoute(l.code) === path)!;
  return { path, lang: language.htmlLang, dir: language.dir };
});
// The pages in the other languages (contract/languages.ts) the build writes; their h1 is their own.
const expected: { path: string; h1?: string; lang?: string; dir?: string }[] = [
  ...english,
  ...twinRoutes(english.map((page) => page.path)).map((twin) => ({ path: twin.path })),
  ...noticePages,
];
const found = fs.existsSync(dist)
  ? (fs.readdirSync(dist, { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join('/'))
      // The team's app is no page of the site (test/team/team-quality.e2e.test.ts checks it).
      .filter((f) => f.endsWith('.html') && !f.startsWith('team/'))
  : [];

describe('every built page is valid, titled and described', () => {
  it(`finds exactly the site's pages in ${dist}`, () => {
    expect(found.sort()).toEqual(expected.map((page) => pageFileOf(page.path)).sort());
  });

  it('passes the Nu HTML checker with no errors (and the checker does find one in a broken page)', () => {
    const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    // The checker skips a missing file in silence: every page must exist, and a broken one must be reported.
    const files = expected.map((page) => path.join(dist, pageFileOf(page.path)));
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);
    const canary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-canary-')), 'broken.html');
    fs.writeFileSync(canary, '<!doctype html><html lang="en"><head><title>Broken page</title></head><body><blink>x</blink></body></html>');
    let output = '';
    try {
      execFileSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', canary, ...files], { stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error);
    } finally {
      fs.rmSync(path.dirname(canary), { recursive: true, force: true });
    }
    const messages = JSON.parse(output).messages as { url: string; message: string; lastLine: number }[];
    const where = (m: { url: string }) => new URL(m.url).pathname;
    expect(messages.filter((m) => where(m) === canary).map((m) => m.message)).toContain('The “blink” element is obsolete. Use CSS instead.');
    expect(messages.filter((m) => where(m) !== canary).map((m) => `${path.relative(dist, where(m))}:${m.lastLine} ${m.message}`)).toEqual([]);
  });

  for (const page of expected) {
    const file = pageFileOf(page.path);
    it(`${file}: its h1, lang, title, description; images and icons have text or are hidden`, () => {
      const html = fs.readFileSync(path.join(dist, file), 'utf8');
      if (page.h1) expect(textsOf(html, 'h1')).toEqual([page.h1]);
      else expect(textsOf(html, 'h1')).toHaveLength(1);
      expect(html).toMatch(new RegExp(`<html lang="${page.lang ?? languageOfRoute(page.path).htmlLang}"${page.dir ? ` dir="${page.dir}"` : ''}>`));
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      for (const [svg] of html.matchAll(/<svg\b[^>]*>/g)) {
        expect(/aria-hidden="true"/.test(svg) || /role="img" aria-label="[^"]+"/.test(svg), svg).toBe(true);
      }
      for (const [img] of html.matchAll(/<img\b[^>]*>/g)) expect(img).toMatch(/\salt="/);
    });
  }
});
