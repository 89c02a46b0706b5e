/**
 * The language the intake service answers a request in: the `Content-Language` header
 * the form sends (its own language, told outside the JSON body), else English. Only the
 * sentences change; statuses and the answer's shape never do.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES_HI } from '../../widgets/shared/lead-contract.hi.ts';
import { type LeadMessages, MESSAGES, type ServiceLanguage } from '../../widgets/shared/lead-contract.ts';

export const SERVICE_MESSAGES: Record<ServiceLanguage, LeadMessages> = { en: MESSAGES, hi: MESSAGES_HI };

/** The languages we answer in, looked up by a tag from the request: a Map, so "constructor" or "__proto__" is no language. */
const SERVICE_LANGUAGES: ReadonlyMap<string, ServiceLanguage> = new Map(
  (Object.keys(SERVICE_MESSAGES) as ServiceLanguage[]).map((lang) => [lang, lang]),
);

/** `Content-Language: hi` or `hi-IN` → 'hi'; the first listed language we speak; else 'en'. */
export function requestLanguage(header: string | string[] | undefined): ServiceLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const tag of value.split(',')) {
    const language = SERVICE_LANGUAGES.get(tag.trim().toLowerCase().split('-')[0]!);
    if (language) return language;
  }
  return 'en';
}

/** The message catalogue for a request. */
export function messagesFor(request: FastifyRequest): LeadMessages {
  return SERVICE_MESSAGES[requestLanguage(request.headers['content-language'])];
}
