/**
 * Dev-server middleware for the widget browser tests (web-test-runner.config.js).
 *
 * - `/built/*` serves the built site from DIST_DIR (default `dist`): the tests load the
 *   same /widgets/<tag>.js files partners paste, with their hashed chunks.
 * - `POST /stub/<scenario>[--<key>]/addSocietyQuery` and `.../addQuery` answer as the
 *   named scenario and record the request (per `<scenario>--<key>`, so parallel tests
 *   do not see each other's requests).
 * - `POST /addSocietyQuery`, `POST /addQuery` (no api-base): scenario success, key `root-<endpoint>`.
 * - `GET /stub/requests?key=<scenario>--<key>` returns `{count, lastBody, contentType}`.
 * - `GET /stub/<scenario>--<key>/altcha-challenge` (and `GET /altcha-challenge`): an ALTCHA
 *   challenge made with altcha-lib (v1, as the intake service makes them), quick to solve;
 *   scenario `no-challenge` answers 503 there, `hard-challenge` one that takes minutes.
 *   A lead POST records its URL (`?partner=`), `X-Notice-Version`, and `X-Altcha` with
 *   whether it verifies against the stub's key (`altchaValid`), and `Content-Language`.
 * - A refusal scenario answers in Hindi (the lead contract's Hindi twin) when the POST
 *   carries `Content-Language: hi`, as the intake service does.
 * - `POST /stub/<scenario>--<key>/uploadResume` (the CV upload, multipart): 201 with an upload id
 *   (`up-<n>`), recorded apart (`GET /stub/uploads?key=…`: count, content type, part name, file
 *   name and size, Content-Language); scenario `cv-refused` answers 415 with `cvType` (Hindi
 *   for `Content-Language: hi`) and its lead POST 400 with `cvUnknown`, both `field: "resume"`.
 *   A lead POST records its `X-Resume-Upload` (`resumeUpload`).
 * - The `held` scenario answers success only when the test calls
 *   `POST /stub/release?key=held--<key>`, so a test decides how long a request is in
 *   flight; a held request the client gives up on (a timeout) is dropped when it closes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { tsImport } from 'tsx/esm/api';

/** @type {typeof import('../../scripts/paths.ts')} */
const paths = await tsImport('../../scripts/paths.ts', import.meta.url);
export const distDir = paths.distDir();

/** @type {typeof import('../../contract/messages/hi.ts')} */
const { MESSAGES_HI } = await tsImport('../../contract/messages/hi.ts', import.meta.url);
/** @type {typeof import('../../contract/messages/en.ts')} */
const { MESSAGES } = await tsImport('../../contract/messages/en.ts', import.meta.url);

/** CV uploads by key: what the form sent. @type {Map<string, {count: number, contentType: string, part: string | null, fileName: string | null, size: number, contentLanguage: string | null}>} */
const uploads = new Map();
let uploadIds = 0;

const SOCIETY_OK = 'Society request submitted successfully. We will reach out within 24 hours to activate your society.';

/** @type {Record<string, (endpoint: string, lang: string) => {status?: number, type?: string, body?: string, held?: boolean, destroy?: boolean}>} */
const scenarios = {
  success: (endpoint) => ({
    body: JSON.stringify(endpoint === 'addSocietyQuery' ? { success: true, message: SOCIETY_OK } : { success: true, message: 'Application received' }),
  }),
  ok: () => ({ body: JSON.stringify({ success: true }) }),
  'success-other-message': () => ({ body: JSON.stringify({ success: true, message: 'Saved.' }) }),
  'success-false-with-message': (_e, lang) => ({
    body: JSON.stringify({ success: false, message: lang === 'hi' ? 'यह सोसाइटी पहले से रजिस्टर है।' : 'This society is already registered.' }),
  }),
  'success-false-without-message': () => ({ body: JSON.stringify({ success: false }) }),
  'http-400-json': (_e, lang) => ({
    status: 400,
    body: JSON.stringify({ success: false, message: lang === 'hi' ? MESSAGES_HI.invalidPhone : 'Please enter a valid phone number.', field: 'phone' }),
  }),
  'http-500-html': () => ({ status: 500, type: 'text/html; charset=utf-8', body: '<!doctype html><h1>Internal Server Error</h1>' }),
  'not-json': () => ({ type: 'text/plain; charset=utf-8', body: 'OK' }),
  held: (endpoint) => ({ held: true, ...scenarios.success(endpoint) }),
  network: () => ({ destroy: true }),
  'cv-refused': (_e, lang) => ({ status: 400, body: JSON.stringify({ success: false, message: (lang === 'hi' ? MESSAGES_HI : MESSAGES).cvUnknown, field: 'resume' }) }),
  'no-challenge': (endpoint) => scenarios.success(endpoint),
  'hard-challenge': (endpoint) => scenarios.success(endpoint),
};

const ALTCHA_KEY = 'browser-stub-hmac-key';

/** What a scenario's challenge endpoint answers: null for a 503. */
function challengeFor(scenario) {
  if (scenario === 'no-challenge') return null;
  // A hard one: the answer is the last number of a range far too long to search in 2 s.
  if (scenario === 'hard-challenge') return createChallenge({ hmacKey: ALTCHA_KEY, maxnumber: 50_000_000, number: 50_000_000 });
  return createChallenge({ hmacKey: ALTCHA_KEY, maxnumber: 2_000 });
}

/**
 * @typedef {{count: number, lastBody: string, contentType: string, lastUrl: string, altcha: string | null,
 *   altchaValid: boolean | null, noticeVersion: string | null, contentLanguage: string | null, challenges: number}} RequestRecord
 * @type {Map<string, RequestRecord>}
 */
const requests = new Map();
const emptyRecord = () => ({ count: 0, lastBody: '', contentType: '', lastUrl: '', altcha: null, altchaValid: null, noticeVersion: null, contentLanguage: null, resumeUpload: null, challenges: 0 });
/** A key some request can be recorded under: `<scenario>[--<key>]` of a known scenario, or a root endpoint's. */
function isKnownKey(key) {
  if (/^root-(?:addSocietyQuery|addQuery|altcha-challenge)$/.test(key)) return true;
  const scenario = /^([a-z0-9-]+?)(?:--[a-z0-9-]+)?$/i.exec(key)?.[1];
  return scenario !== undefined && scenario in scenarios;
}

/** Held requests waiting for `/stub/release`, by key. @type {Map<string, (() => void)[]>} */
const held = new Map();

const mime = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Koa middleware for @web/dev-server. */
export async function stubMiddleware(ctx, next) {
  const url = new URL(ctx.url, 'http://localhost');

  if (url.pathname.startsWith('/built/')) {
    const file = path.join(distDir, decodeURIComponent(url.pathname.slice('/built/'.length)));
    if (!file.startsWith(distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      ctx.status = 404;
      ctx.body = `not built: ${url.pathname} (run the build with DIST_DIR=${distDir})`;
      return;
    }
    ctx.type = mime[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = fs.readFileSync(file);
    return;
  }

  if (url.pathname === '/stub/requests') {
    const key = url.searchParams.get('key') ?? '';
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    // A key no request could ever be recorded under (a typo) fails instead of reading as "nothing sent".
    if (!isKnownKey(key)) {
      ctx.status = 400;
      ctx.body = JSON.stringify({ error: `unknown scenario in key ${JSON.stringify(key)}; known: ${Object.keys(scenarios).join(', ')}` });
      return;
    }
    ctx.body = JSON.stringify(requests.get(key) ?? emptyRecord());
    return;
  }

  const challengeMatch = /^\/stub\/([a-z0-9-]+?)(?:--([a-z0-9-]+))?\/altcha-challenge$/i.exec(url.pathname) ?? /^\/()()altcha-challenge$/.exec(url.pathname);
  if (challengeMatch && ctx.method === 'GET') {
    const scenario = challengeMatch[1] || 'success';
    if (!(scenario in scenarios)) {
      ctx.status = 404;
      ctx.body = `unknown scenario ${scenario}`;
      return;
    }
    const key = challengeMatch[1] ? challengeMatch[1] + (challengeMatch[2] ? `--${challengeMatch[2]}` : '') : 'root-altcha-challenge';
    const record = requests.get(key) ?? emptyRecord();
    requests.set(key, { ...record, challenges: record.challenges + 1 });
    const challenge = await challengeFor(scenario);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.status = challenge ? 200 : 503;
    ctx.body = JSON.stringify(challenge ?? { success: false, message: 'No challenge today.' });
    return;
  }

  if (url.pathname === '/stub/uploads') {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(uploads.get(url.searchParams.get('key') ?? '') ?? { count: 0 });
    return;
  }

  const upload = /^\/stub\/([a-z0-9-]+?)(?:--([a-z0-9-]+))?\/uploadResume$/i.exec(url.pathname);
  if (upload && ctx.method === 'POST') {
    const scenario = upload[1];
    const key = scenario + (upload[2] ? `--${upload[2]}` : '');
    if (scenario === 'network') {
      ctx.respond = false;
      ctx.req.socket.destroy();
      return;
    }
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const form = await new Response(raw, { headers: { 'content-type': ctx.get('content-type') } }).formData().catch(() => null);
    const file = form?.get('resume');
    const lang = ctx.get('content-language').toLowerCase().split('-')[0];
    const record = uploads.get(key) ?? { count: 0 };
    uploads.set(key, {
      count: record.count + 1,
      contentType: ctx.get('content-type'),
      part: form ? [...form.keys()].join(',') : null,
      fileName: file && typeof file !== 'string' ? file.name : null,
      size: file && typeof file !== 'string' ? file.size : 0,
      contentLanguage: ctx.get('content-language') || null,
    });
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-store');
    if (scenario === 'cv-refused') {
      ctx.status = 415;
      ctx.body = JSON.stringify({ success: false, message: (lang === 'hi' ? MESSAGES_HI : MESSAGES).cvType, field: 'resume' });
      return;
    }
    ctx.status = 201;
    ctx.body = JSON.stringify({ success: true, upload: `up-${++uploadIds}`, name: file?.name ?? '', size: file?.size ?? 0, type: 'application/pdf' });
    return;
  }

  if (url.pathname === '/stub/release' && ctx.method === 'POST') {
    const key = url.searchParams.get('key') ?? '';
    const waiting = held.get(key) ?? [];
    held.delete(key);
    for (const release of waiting) release();
    ctx.type = 'application/json';
    ctx.body = JSON.stringify({ released: waiting.length });
    return;
  }

  // `/addSocietyQuery` at the root: a widget with no api-base posts to its script's origin.
  const match =
    /^\/stub\/([a-z0-9-]+?)(?:--([a-z0-9-]+))?\/(addSocietyQuery|addQuery)$/i.exec(url.pathname) ??
    /^\/()()(addSocietyQuery|addQuery)$/.exec(url.pathname);
  if (!match) return next();
  const scenario = match[1] || 'success';
  const endpoint = match[3];
  const make = scenarios[scenario];
  if (!make || ctx.method !== 'POST') {
    ctx.status = make ? 405 : 404;
    ctx.body = make ? 'POST only' : `unknown scenario ${scenario}`;
    return;
  }
  const key = match[1] ? match[1] + (match[2] ? `--${match[2]}` : '') : `root-${endpoint}`;
  const body = await readBody(ctx.req);
  const record = requests.get(key) ?? emptyRecord();
  const altcha = ctx.get('x-altcha') || null;
  requests.set(key, {
    ...record,
    count: record.count + 1,
    lastBody: body,
    contentType: ctx.get('content-type'),
    lastUrl: url.pathname + url.search,
    altcha,
    altchaValid: altcha ? await verifySolution(altcha, ALTCHA_KEY) : null,
    noticeVersion: ctx.get('x-notice-version') || null,
    contentLanguage: ctx.get('content-language') || null,
    resumeUpload: ctx.get('x-resume-upload') || null,
  });

  const answer = make(endpoint, ctx.get('content-language').toLowerCase().split('-')[0]);
  if (answer.destroy) {
    ctx.status = 204; // for the dev server's request log only: nothing is sent
    ctx.respond = false;
    ctx.req.socket.destroy();
    return;
  }
  if (answer.held) {
    const closed = await new Promise((resolve) => {
      held.set(key, [...(held.get(key) ?? []), () => resolve(false)]);
      ctx.req.socket.once('close', () => resolve(true));
    });
    if (closed) {
      ctx.status = 204; // for the dev server's request log only: nothing is sent
      ctx.respond = false;
      return;
    }
  }
  ctx.status = answer.status ?? 200;
  ctx.type = answer.type ?? 'application/json';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = answer.body ?? '';
}
