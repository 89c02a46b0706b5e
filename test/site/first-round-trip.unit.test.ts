/**
 * The first round trip (issue 42), over the built site (dist/, `npm run build`) as the
 * service sends it: the first screen of every page (the page up to its first below-the-fold
 * block: the head with its inlined CSS, the header, the first section) arrives within the
 * first 14 KB of its response, headers included, in Brotli and in gzip alike. The rest of a
 * page may take the next round trip. What counts is what a browser must receive to decode
 * the first screen (scripts/bench/sizes.ts), not the size of the whole body.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, routeIn } from '../../contract/languages.ts';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';
import { BELOW_FOLD_CLASS, FIRST_ROUND_TRIP_BYTES, builtRoutes, compressedBytesFor, firstScreenBytes, firstScreenEnd, type ContentEncoding } from '../../scripts/bench/sizes.ts';
import { distDir, tempDir } from '../helpers/server.ts';

/** Every built page, and the not-found page of each language (an unknown path of it). */
const pages = [...builtRoutes(distDir), ...languages.map((language) => routeIn(language, '/no-such-page'))];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ ...loadServerConfig({ LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, distDir, dataDir: tempDir('first-round-trip-') });
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string, acceptEncoding: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding, accept: 'text/html' } });

/** The status line and headers as they go on the wire: inject's, plus the Keep-Alive that Node's server adds on a socket. */
function headerBytes(res: LightMyRequestResponse): number {
  const lines = [
    `HTTP/1.1 ${res.statusCode} ${res.statusMessage}`,
    ...Object.entries(res.headers).map(([name, value]) => `${name}: ${String(value)}`),
    `Keep-Alive: timeout=${Math.floor(app.server.keepAliveTimeout / 1000)}`,
  ];
  return Buffer.byteLength(lines.join('\r\n') + '\r\n\r\n');
}

const decode = (body: Buffer, encoding: ContentEncoding) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body));

describe('the first round trip', () => {
  it.each(pages)('%s: the first screen, headers included, fits in 14 KB (Brotli and gzip-only)', async (route) => {
    for (const [encoding, accept] of [['br', 'gzip, deflate, br, zstd'], ['gzip', 'gzip']] as const) {
      const res = await get(route, accept);
      expect(res.statusCode).toBe(route.endsWith('/no-such-page') ? 404 : 200);
      expect(res.headers['content-encoding'], `${route} is sent compressed (${encoding})`).toBe(encoding);
      const page = decode(res.rawPayload, encoding);
      const sent = firstScreenBytes(page, res.rawPayload, encoding, headerBytes(res));
      expect(
        sent.total,
        `${route} (${encoding}): ${sent.headerBytes} B headers + ${sent.bodyBytes} B of the ${res.rawPayload.length} B body (the first ${sent.firstScreenEnd} of ${sent.pageBytes} B of HTML)`,
      ).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    }
  });

  it('marks where the first screen ends on every page with a footer: the footer, at the latest, is below it', async () => {
    for (const route of pages) {
      const html = (await get(route, 'identity')).body;
      if (!html.includes('<footer')) continue;
      const end = firstScreenEnd(html);
      expect(end, `${route}: a block of class "${BELOW_FOLD_CLASS}"`).toBeLessThan(Buffer.byteLength(html));
      expect(end, `${route}: the footer comes after the first screen's end`).toBeLessThanOrEqual(Buffer.byteLength(html.slice(0, html.indexOf('<footer'))));
    }
  });
});

describe('the compressed bytes a first screen needs', () => {
  // Random text does not compress: a quarter of the page needs about a quarter of the body.
  const page = Buffer.from(
    `<!doctype html><title>t</title><p>${crypto.randomBytes(3000).toString('base64')}</p><section class="${BELOW_FOLD_CLASS}"><p>${crypto.randomBytes(9000).toString('base64')}</p></section>`,
  );
  const end = firstScreenEnd(page.toString());

  it.each(['br', 'gzip'] as const)('%s: as many as decode the page up to its first below-the-fold block, not the whole body', (encoding) => {
    const body = encoding === 'br' ? zlib.brotliCompressSync(page) : zlib.gzipSync(page, { level: 9 });
    const needed = compressedBytesFor(body, encoding, end);
    expect(end).toBe(page.indexOf(`<section class="${BELOW_FOLD_CLASS}">`));
    expect(needed / body.length).toBeGreaterThan(0.2);
    expect(needed / body.length).toBeLessThan(0.3);
    expect(compressedBytesFor(body, encoding, page.length), 'the whole page needs the body, all but its end marker').toBeGreaterThan(body.length - 20);
    expect(firstScreenBytes(page, body, encoding, 500).total).toBe(needed + 500);
  });

  it('counts the whole page when nothing is marked below the fold', () => {
    expect(firstScreenEnd('<!doctype html><title>ā</title><p>all of it</p>')).toBe(Buffer.byteLength('<!doctype html><title>ā</title><p>all of it</p>'));
  });
});
