import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { distDir } from './helpers/server.ts';

const pages = (fs.readdirSync(distDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.html'))
  .map((f) => path.join(distDir, f));

describe('every built page is valid, titled and described', () => {
  it('passes the Nu HTML checker with no errors', () => {
    const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    let output = '';
    try {
      execFileSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...pages], { stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    const messages = output ? (JSON.parse(output).messages as { url: string; message: string; lastLine: number }[]) : [];
    expect(messages.map((m) => `${path.relative(distDir, new URL(m.url).pathname)}:${m.lastLine} ${m.message}`)).toEqual([]);
  });

  for (const file of pages) {
    it(`${path.relative(distDir, file)}: one h1, lang, title, description; images and icons have text or are hidden`, () => {
      const html = fs.readFileSync(file, 'utf8');
      expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
      expect(html).toMatch(/<html lang="en-IN">/);
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      for (const [svg] of html.matchAll(/<svg\b[^>]*>/g)) {
        expect(/aria-hidden="true"/.test(svg) || /role="img" aria-label="[^"]+"/.test(svg), svg).toBe(true);
      }
      for (const [img] of html.matchAll(/<img\b[^>]*>/g)) expect(img).toMatch(/\salt="/);
    });
  }
});
