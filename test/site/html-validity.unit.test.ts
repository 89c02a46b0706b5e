import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOfRoute } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES, noticeRoute } from '../../contract/notice-languages.ts';
import { distDir, NOT_FOUND_ROUTE, pageFileOf } from '../../scripts/paths.ts';
import { textsOf } from '../helpers/page-text.ts';
import { startServer, tempDir } from '../helpers/server.ts';
import { embedPage, framePage, noticeLanguagePages, noticeListPage, notFoundPage, routes, twinRoutes } from '../helpers/routes.ts';

const require = createRequire(import.meta.url);

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

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(() => site?.stop());

/** A form's own post, as a browser with script off sends it. */
const post = (route: string, fields: Record<string, string>) =>
  fetch(site.url + route, { method: 'POST', body: new URLSearchParams(fields), headers: { accept: 'text/html' }, redirect: 'manual' });
const answerPages: { name: string; answer: () => Promise<Response> }[] = [
  { name: 'refusal (English, registration)', answer: () => post('/addSocietyQuery', { lang: 'en', website: '', name: 'Asha', email: 'x', phone: '1', societyName: 'G', city: '', position: '' }) },
  { name: 'refusal (Hindi, application)', answer: () => post('/addQuery', { lang: 'hi', website: '', fullName: '', email: 'x', phone: '1', college: 'C', course: 'MCA', yearOfStudy: '1', areaOfInterest: 'tech-intern', whyJoin: 'w' }) },
  { name: 'refusal in the frame', answer: () => post('/addSocietyQuery', { lang: 'hi', website: '', page: '/embed/frame?partner=greenpark-rwa&lang=hi', name: 'A', email: 'x', phone: '1', societyName: 'G', city: 'P', position: '' }) },
  { name: 'confirmation (English, registration)', answer: () => fetch(`${site.url}/registration-received?from=%2F&reference=SD-1234`) },
  { name: 'confirmation (Hindi, application)', answer: () => fetch(`${site.url}/hi/application-received?from=%2Fhi%2Fcareer`) },
  { name: 'confirmation in the frame', answer: () => fetch(`${site.url}/registration-received?from=${encodeURIComponent('/embed/frame?partner=greenpark-rwa&accent=1d4ed8')}`) },
  { name: 'the frame with the options of its address', answer: () => fetch(`${site.url}/embed/frame?partner=greenpark-rwa&lang=hi&accent=1d4ed8`) },
];

describe('every built page is valid, titled and described', () => {
  it(`finds exactly the site's pages in ${dist}`, () => {
    expect(found.sort()).toEqual(expected.map((page) => pageFileOf(page.path)).sort());
  });

  it('passes the Nu HTML checker with no errors: every page, the team’s page and the service’s answer pages (and the checker does find one in a broken page)', async () => {
    const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
    // The checker skips a missing file in silence: every page must exist, and a broken one must be reported.
    const files = [...expected.map((page) => path.join(dist, pageFileOf(page.path))), path.join(dist, 'team', 'index.html')];
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);
    const scratch = tempDir('vnu-');
    const canary = path.join(scratch, 'broken.html');
    fs.writeFileSync(canary, '<!doctype html><html lang="en"><head><title>Broken page</title></head><body><blink>x</blink></body></html>');
    // The pages the service answers a form's own post with (server/answer-pages/), as it sends them.
    const answers: string[] = [];
    for (const [i, { name, answer }] of answerPages.entries()) {
      const res = await answer();
      const html = await res.text();
      expect(html.length, `${name}: a whole page`).toBeGreaterThan(5_000);
      const file = path.join(scratch, `answer-${i}.html`);
      fs.writeFileSync(file, html);
      answers.push(file);
    }
    let output = '';
    try {
      execFileSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', canary, ...files, ...answers], { stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    const messages = JSON.parse(output).messages as { url: string; message: string; lastLine: number }[];
    const where = (m: { url: string }) => {
      const file = new URL(m.url).pathname;
      const answer = /answer-(\d+)\.html$/.exec(file);
      return answer ? answerPages[Number(answer[1])]!.name : path.relative(dist, file);
    };
    expect(messages.filter((m) => new URL(m.url).pathname === canary).map((m) => m.message)).toContain('The “blink” element is obsolete. Use CSS instead.');
    expect(messages.filter((m) => new URL(m.url).pathname !== canary).map((m) => `${where(m)}:${m.lastLine} ${m.message}`)).toEqual([]);
  }, 120_000);

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
