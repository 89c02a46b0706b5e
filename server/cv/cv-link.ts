import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CvSummary } from '../../contract/cv-upload.ts';
import type { CvStore, StoredCv } from './cv-store.ts';
import { cvFileName, UPLOAD_ID_PATTERN } from './cv-store.ts';
import { SIGNED_LINK, type AuditStore } from '../team/audit.ts';

/**
 * A lead's CV as the team gets it: the webhook names it by a signed link that expires
 * (`GET /cv/:id?expires=…&signature=…`, an HMAC-SHA256 over the id and the expiry with
 * CV_LINK_SECRET), and every answer that carries a CV (that link, the team's API) is an
 * attachment of its checked type that no browser renders inline or sniffs, and no cache keeps.
 */

export const CV_LINK_PATH = '/cv';

/** What the webhook says of a lead's CV (LeadEvent.cv): `name` is the sender's, as text only; the file's name is `fileName`. */
export interface CvLink extends CvSummary {
  /** The name to keep the file under: cv-<reference>.<type> (the answer's Content-Disposition says the same). */
  fileName: string;
  /** GET it before `expiresAt` (ISO 8601); the answer is the file. */
  url: string;
  expiresAt: string;
}

/** The link key: CV_LINK_SECRET, else one derived from the service's own key, so every instance signs alike. */
export const cvLinkKey = (configured: string | undefined, serviceKey: string): string =>
  configured ?? createHmac('sha256', serviceKey).update('cv-link').digest('base64url');

/** The service's signed CV links: keyed by CV_LINK_SECRET, else by a key drawn from the service's HMAC key (the same on every instance). */
export async function cvLinksOf(
  config: { cvLinkSecret: string | undefined; altchaHmacKey: string | undefined; publicOrigin: string; cvLinkDays: number },
  store: { hmacKey(configured: string | undefined): Promise<string> },
) {
  return createCvLinks(cvLinkKey(config.cvLinkSecret, await store.hmacKey(config.altchaHmacKey)), config.publicOrigin, config.cvLinkDays);
}

export function createCvLinks(key: string, origin: string, days: number) {
  const sign = (id: string, expires: number) => createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    /** The link of a CV of a lead stored at `storedAt` (epoch ms): the same on every attempt of its webhook. */
    link(cv: CvSummary & Pick<StoredCv, 'id' | 'reference'>, storedAt: number): CvLink {
      const expires = storedAt + days * 86_400_000;
      const url = `${origin}${CV_LINK_PATH}/${cv.id}?expires=${expires}&signature=${sign(cv.id, expires)}`;
      return { name: cv.name, fileName: cvFileName(cv), size: cv.size, type: cv.type, sha256: cv.sha256, url, expiresAt: new Date(expires).toISOString() };
    },
    /** Whether a link's signature is this service's for that id and expiry, and the expiry is still ahead. */
    check(id: string, expires: string, signature: string, now: number): 'ok' | 'expired' | 'forged' {
      if (!UPLOAD_ID_PATTERN.test(id) || !/^\d{1,15}$/.test(expires)) return 'forged';
      const expected = Buffer.from(sign(id, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return Number(expires) > now ? 'ok' : 'expired';
    },
  };
}

export type CvLinks = ReturnType<typeof createCvLinks>;

/** `filename*` (RFC 6266 with RFC 8187's UTF-8 encoding) and an ASCII `filename` for old clients. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A CV as an answer: an attachment under the name we make (cv-<reference>.<type>), its checked type, never sniffed, never cached, never drawn in a frame. */
export function sendCv(reply: FastifyReply, cv: StoredCv): FastifyReply {
  return reply
    .code(200)
    .header('Content-Type', cv.type)
    .header('Content-Disposition', attachmentDisposition(cvFileName(cv)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Length', String(cv.content.length))
    .send(cv.content);
}

/**
 * GET /cv/:id?expires=…&signature=…: the CV of a signed link, while it holds (403 expired or
 * forged, 404 once erased); each download is in the team's audit log (its lead, the file's
 * hash), by the signed link, since the service cannot tell who holds it.
 */
export function registerCvLinkRoute(app: FastifyInstance, links: CvLinks, cvs: Pick<CvStore, 'claimed'>, audit: Pick<AuditStore, 'record'>): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`${CV_LINK_PATH}/:id`, async (request, reply) => {
    const verdict = links.check(request.params.id, String(request.query.expires ?? ''), String(request.query.signature ?? ''), Date.now());
    reply.header('Cache-Control', 'no-store');
    if (verdict !== 'ok') {
      request.log.info({ statusCode: 403, verdict }, 'cv link refused');
      return reply.code(403).type('text/plain; charset=utf-8').send(verdict === 'expired' ? 'This link has expired.\n' : 'This link is not valid.\n');
    }
    const cv = await cvs.claimed(request.params.id);
    if (!cv) return reply.code(404).type('text/plain; charset=utf-8').send('This file is no longer kept.\n');
    request.log.info({ leadId: cv.leadId }, 'cv served by link');
    await audit.record({ at: Date.now(), actor: SIGNED_LINK, action: 'person-export', leadId: cv.leadId, detail: { file: 'cv', sha256: cv.sha256 } });
    return sendCv(reply, cv);
  });
}
