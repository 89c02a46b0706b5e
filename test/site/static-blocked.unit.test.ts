/**
 * The files of the built site that are for the build and static hosts only (the build
 * metadata, the `_headers` rules) are never served: not as themselves, not as their
 * pre-compressed copies (`.gz`, `.br`) asked for by name or by Accept-Encoding, not
 * under a language folder, and not through an escaped or dotted spelling of the path.
 * The site here is a small fixture in which every one of those files exists, so each
 * 404 is the refusal and not a missing file; a public file beside them is served.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';
import { BLOCKED_FILES } from '../../server/site/static-site.ts';
import { tempDir } from '../helpers/server.ts';

const COMPRESSED = ['', '.gz', '.br'];
const FOLDERS = ['', 'hi/', 'widgets/'];
const meta = { styleHashes: [], connectOrigins: [], routes: ['/'] };

/** A built site in which every blocked file and each of its compressed copies exists, in several folders. */
function fixtureSite(): string {
  const dist = tempDir('blocked-dist-');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
  };
  write('index.html', '<!doctype html><title>Home</title><h1>Home</h1>');
  write('404.html', '<!doctype html><title>Not found</title><h1>Page not found</h1>');
  write('hi/404.html', '<!doctype html><title>नहीं मिला</title><h1>पेज नहीं मिला</h1>');
  write('robots.txt', 'User-agent: *\n');
  for (const folder of FOLDERS) {
    for (const name of BLOCKED_FILES) write(`${folder}${name}`, name === 'build-meta.json' ? JSON.stringify(meta) : '/*\n  X-Secret: build-only\n');
  }
  return dist;
}

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  const dataDir = tempDir();
  const config = { ...loadServerConfig({ LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, distDir: fixtureSite(), dataDir };
  app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

const ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd'];

/** The answer with its body decoded as the browser would (the 404 page itself is sent compressed when asked). */
function get(pathname: string, encoding?: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${pathname}`, { method, headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const text = (body.length === 0 ? body : coding === 'br' ? zlib.brotliDecompressSync(body) : coding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The not-found page, and none of a blocked file's bytes. */
function expectNotFoundPage(res: { status: number; text: string; headers: http.IncomingHttpHeaders }, what: string, method = 'GET') {
  expect(res.status, what).toBe(404);
  if (method === 'GET') {
    expect(res.text, what).toMatch(/<h1>(Page not found|पेज नहीं मिला)<\/h1>/);
    expect(res.text, what).not.toMatch(/styleHashes|X-Secret/);
  }
  expect(res.headers['content-type'], what).toMatch(/^text\/html/);
}

describe('build-only files are refused in every encoding', () => {
  it('blocks at least the build metadata and the _headers rules', () => {
    expect([...BLOCKED_FILES].sort()).toEqual(expect.arrayContaining(['_headers', 'build-meta.json']));
  });

  it('serves a public file and its compressed copies (so a 404 below is the refusal, not a missing file)', async () => {
    expect(await get('/robots.txt')).toMatchObject({ status: 200, text: 'User-agent: *\n' });
    expect((await get('/robots.txt', 'br')).headers['content-encoding']).toBe('br');
    expect((await get('/robots.txt', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/robots.txt.gz')).status).toBe(200);
    expect((await get('/robots.txt.br')).status).toBe(200);
  });

  for (const folder of FOLDERS) {
    for (const name of BLOCKED_FILES) {
      for (const suffix of COMPRESSED) {
        const pathname = `/${folder}${name}${suffix}`;
        it(`${pathname} is 404 with any Accept-Encoding, GET and HEAD`, async () => {
          for (const encoding of ENCODINGS) {
            for (const method of ['GET', 'HEAD']) {
              expectNotFoundPage(await get(pathname, encoding, method), `${method} ${pathname} (${encoding ?? 'identity'})`, method);
            }
          }
        });
      }
    }
  }

  it('refuses escaped, dotted and doubled spellings of those paths too', async () => {
    const spellings = [
      '/build-meta%2Ejson',
      '/build-meta%2ejson.gz',
      '/build-meta.json%2Ebr',
      '/build%2Dmeta.json',
      '/%5Fheaders',
      '/%5fheaders.br',
      '/_headers%2Egz',
      '/hi%2Fbuild-meta.json',
      '/hi/../build-meta.json',
      '/hi/%2E%2E/build-meta.json.gz',
      '/./build-meta.json.br',
      '/hi/./_headers.gz',
      '/build-meta.json?download=1',
      '/build-meta.json.gz#x',
      '//build-meta.json',
      '/hi//build-meta.json.br',
      '/Build-Meta.JSON',
      '/_HEADERS.GZ',
    ];
    for (const pathname of spellings) {
      for (const encoding of ENCODINGS) {
        expectNotFoundPage(await get(pathname, encoding), `${pathname} (${encoding ?? 'identity'})`);
      }
    }
  });
});
