/**
 * A form the browser sends itself (contract/form-post.ts): how the service reads it (its
 * hidden controls, else the Referer), every problem the contract finds in it with the
 * contract's messages in its language, the honeypot and proof-of-work rule, the confirmation's
 * address; the service without a build (plain answer pages); and the pages around an answer
 * as the build makes them from the built pages.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { confirmationUrl, sourcePage } from '../../server/answer-pages/pages.ts';
import { MARKERS } from '../../server/answer-pages/kit.ts';
import { formPostCheck, formProblems, readFormPost } from '../../server/intake/form-post.ts';
import { frameShell, scopedCss, siteShell } from '../../site-generator/answer-shells.ts';
import { formValues } from '../helpers/fixtures.ts';
import { startServer, storedLeads } from '../helpers/server.ts';

const routes = new Set(['/', '/register', '/career', '/embed/frame', '/hi/', '/hi/career']);
const site = { routes, origins: ['https://societydesk.example'] };
const headers = (extra: Record<string, string> = {}) => ({ host: '127.0.0.1:8080', ...extra });

describe('reading a form post', () => {
  it('takes the controls by their names (career: fullName and whyJoin), and what was typed to give back', () => {
    const post = readFormPost('career', { ...formValues('career'), lang: 'en', website: '', extra: 'ignored' }, headers(), site);
    expect(post.payload).toMatchObject({ name: 'Ravi Kumar', message: 'I would like to join.' });
    expect(Object.keys(post.payload)).not.toContain('extra');
    expect(post.values).toMatchObject({ fullName: 'Ravi Kumar', whyJoin: 'I would like to join.' });
    expect(post.honeypot).toBe('');
  });

  it('takes the page and the campaign from the hidden controls first, else from a Referer of this site, never from another site', () => {
    const hidden = readFormPost('society', { page: '/embed/frame?partner=GreenPark&lang=hi&evil=1', utm_source: 'qr' }, headers({ referer: 'http://127.0.0.1:8080/register?utm_source=whatsapp' }), site);
    expect(hidden.page).toEqual({ route: '/embed/frame', query: 'partner=greenpark&lang=hi' });
    expect(hidden.campaign).toEqual({ utm_source: 'qr' });
    expect(hidden.lang, 'the page names the language when the form does not').toBe('en');

    const referred = readFormPost('society', {}, headers({ referer: 'https://societydesk.example/hi/?utm_source=whatsapp&utm_campaign=diwali' }), site);
    expect(referred.page).toEqual({ route: '/hi/', query: '' });
    expect(referred.campaign).toEqual({ utm_source: 'whatsapp', utm_campaign: 'diwali' });
    expect(referred.lang).toBe('hi');

    const elsewhere = readFormPost('society', {}, headers({ referer: 'https://partner.example/register?utm_source=x' }), site);
    expect(elsewhere).toMatchObject({ page: undefined, campaign: {}, lang: 'en' });
  });

  it('names the page only when it is a route of the site', () => {
    expect(sourcePage('/register', routes)).toEqual({ route: '/register', query: '' });
    expect(sourcePage('/hi', routes)).toEqual({ route: '/hi/', query: '' });
    for (const text of ['//evil.example/', 'https://evil.example/', '/nowhere', '', 'register']) expect(sourcePage(text, routes), text).toBeUndefined();
  });

  it('the form\'s language wins, and a notice version only when it is one that was published', () => {
    expect(readFormPost('society', { lang: 'hi', notice: NOTICE_VERSION }, headers(), site)).toMatchObject({ lang: 'hi', noticeVersion: NOTICE_VERSION });
    expect(readFormPost('society', { lang: 'xx', notice: '1999-01-01' }, headers(), site)).toMatchObject({ lang: 'en', noticeVersion: null });
  });
});

describe('every problem of a form post, by the contract', () => {
  it('lists each refused field once, in the form\'s order, with its message in the form\'s language', () => {
    const payload = readFormPost('society', formValues('society', { email: 'asha@example', phone: '98220', city: '' }), headers(), site).payload;
    const en = formProblems('society', 'en', payload);
    expect(en).toEqual({
      ok: false,
      problems: [
        { name: 'email', message: MESSAGES.invalidEmail },
        { name: 'phone', message: MESSAGES.invalidPhone },
        { name: 'city', message: MESSAGES.required(MESSAGES.labels.city) },
      ],
    });
    const hi = formProblems('career', 'hi', readFormPost('career', formValues('career', { name: '', message: '' }), headers(), site).payload);
    expect(hi).toEqual({
      ok: false,
      problems: [
        { name: 'fullName', message: MESSAGES_HI.required(MESSAGES_HI.labels.name) },
        { name: 'whyJoin', message: MESSAGES_HI.required(MESSAGES_HI.labels.message) },
      ],
    });
  });

  it('a control sent twice is not text; a control not sent is required; a valid form is the contract\'s payload, trimmed', () => {
    const twice = formProblems('society', 'en', { ...readFormPost('society', formValues('society'), headers(), site).payload, city: ['Pune', 'Mumbai'] });
    expect(twice).toEqual({ ok: false, problems: [{ name: 'city', message: MESSAGES.notText(MESSAGES.labels.city) }] });
    expect(formProblems('society', 'en', {})).toMatchObject({ ok: false, problems: [{ name: 'name', message: MESSAGES.required(MESSAGES.labels.name) }, expect.anything(), expect.anything(), expect.anything(), expect.anything()] });
    expect(formProblems('society', 'en', readFormPost('society', formValues('society', { city: '  Pune ' }), headers(), site).payload)).toMatchObject({ ok: true, fields: { city: 'Pune', position: '' } });
  });
});

describe('the rule for a form sent without proof of work', () => {
  it('an empty honeypot: taken in and marked; filled: spam; missing: spam as any post without proof', () => {
    expect(formPostCheck('', true)).toEqual({ spam: null, solution: null, withoutProof: true });
    expect(formPostCheck(' https://x.example ', true)).toEqual({ spam: 'honeypot', solution: null });
    expect(formPostCheck(['', 'x'], true), 'a repeated honeypot is judged by its first value').toEqual({ spam: null, solution: null, withoutProof: true });
    expect(formPostCheck(undefined, true)).toEqual({ spam: 'no-solution', solution: null });
  });

  it('with SPAM_CHALLENGE=off nothing is marked, and only a filled honeypot is spam', () => {
    expect(formPostCheck('', false)).toEqual({ spam: null, solution: null });
    expect(formPostCheck(undefined, false)).toEqual({ spam: null, solution: null });
    expect(formPostCheck('x', false)).toEqual({ spam: 'honeypot', solution: null });
  });
});

describe('the confirmation a form post is sent to', () => {
  it('is in the form\'s language, names the page to go back to and the reference when it is one', () => {
    expect(confirmationUrl('society', 'en', { route: '/', query: '' }, undefined)).toBe('/registration-received?from=%2F');
    expect(confirmationUrl('career', 'hi', { route: '/hi/career', query: '' }, 'SD-7F3K-2M9X')).toBe('/hi/application-received?from=%2Fhi%2Fcareer&reference=SD-7F3K-2M9X');
    expect(confirmationUrl('society', 'hi', { route: '/embed/frame', query: 'partner=x&lang=hi' }, '<b>')).toBe('/hi/registration-received?from=%2Fembed%2Fframe%3Fpartner%3Dx%26lang%3Dhi');
    expect(confirmationUrl('society', 'en', undefined, undefined)).toBe('/registration-received');
  });
});

describe('the service without a build (the API alone)', () => {
  it('takes a form post in and sends it on with 303; gives a refused one back as a plain page, what was typed escaped', async () => {
    const server = await startServer();
    try {
      const post = (values: Record<string, string>) =>
        fetch(`${server.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ lang: 'en', website: '', ...values }) });
      const taken = await post(formValues('society'));
      expect(taken.status).toBe(303);
      expect(taken.headers.get('location')).toMatch(/^\/registration-received\?reference=SD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(storedLeads(server.dataDir)).toHaveLength(1);
      const refused = await post(formValues('society', { city: '', name: '<script>alert(1)</script>' }));
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await refused.text();
      expect(html).toContain(`<h1>${MESSAGES.required(MESSAGES.labels.city)}</h1>`);
      expect(html).not.toContain('<script>');
      const confirmation = await fetch(`${server.url}/registration-received?from=%2Fregister`);
      expect(confirmation.status).toBe(200);
      expect(await confirmation.text()).toContain(MESSAGES.societyStored);
      expect(storedLeads(server.dataDir)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('the rate limit holds for a form post too', () => {
  it('past RATE_LIMIT_MAX a form post is answered 429 with the reason, and nothing more is stored', async () => {
    const server = await startServer({ env: { RATE_LIMIT_MAX: '1' } });
    try {
      const post = () =>
        fetch(`${server.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...formValues('society', { city: 'Nagpur' }), lang: 'en', website: '' }) });
      expect((await post()).status).toBe(303);
      const limited = await post();
      expect(limited.status).toBe(429);
      const html = await limited.text();
      expect(html).toContain(MESSAGES.tooManyRequests);
      expect(storedLeads(server.dataDir)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('the pages around an answer (the build)', () => {
  const page = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>Register – SocietyDesk</title><style>body{margin:0}</style><script>import("/assets/loader.js")</script></head><body><header><a href="/">Home</a></header><main id="main"><h1>Register</h1><society-registration><template shadowrootmode="open"><style>:host{display:block}</style><form></form></template></society-registration><p class="by">Form by us</p></main><footer>Footer</footer></body></html>`;

  it('a form\'s own page: its title and its main content are the answer\'s; no script; its own styles kept and hashed', () => {
    const shell = siteShell(page, 'SocietyDesk');
    expect(shell.html).toContain(`<title>${MARKERS.title} – SocietyDesk</title>`);
    expect(shell.html).toContain(`<main id="main">\n<div class="section"><div class="container form-section">${MARKERS.main}</div></div>\n</main>`);
    expect(shell.html).toContain(`<meta name="robots" content="noindex">\n${MARKERS.head}\n</head>`);
    expect(shell.html).not.toContain('<script>');
    expect(shell.html).not.toContain('<h1>Register</h1>');
    expect(shell.html).toContain('<header><a href="/">Home</a></header>');
    expect(shell.scriptHashes).toEqual([]);
    expect(shell.styleHashes).toHaveLength(1);
  });

  it('the framed form\'s page: the answer in the form\'s place, its h1 and its line under the form kept', () => {
    const shell = frameShell(page, 'society-registration', 'SocietyDesk');
    expect(shell.html).toContain(`<main id="main"><h1>Register</h1>${MARKERS.main}<p class="by">Form by us</p></main>`);
    expect(shell.html).not.toContain('shadowrootmode');
  });

  it('a form\'s CSS for the page itself: scoped, :host its holder, its container query a media query', () => {
    const { css, hash } = scopedCss(':host{display:block!important}:host([hidden]){display:none!important}label{font-weight:600}.card{container-type:inline-size;padding:24px}@container (min-width:560px){.fields{display:grid}}', 'lead-answer');
    expect(css).toBe('.lead-answer{display:block!important}.lead-answer[hidden]{display:none!important}.lead-answer label{font-weight:600}.lead-answer .card{padding:24px}@media (min-width:642px){.lead-answer .fields{display:grid}}');
    expect(hash).toMatch(/^sha256-/);
    expect(() => scopedCss('@container (orientation:landscape){a{color:red}}', 'x')).toThrow(/container query/);
  });
});
