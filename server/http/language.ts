/**
 * The language the intake service answers a request in: the `Content-Language` header
 * the form sends (its own language, told outside the JSON body), else English. Only the
 * sentences change; statuses and the answer's shape never do.
 */
import type { FastifyRequest } from 'fastify';
import { HEADERS } from '../../contract/http.ts';
import { languageOfTag } from '../../contract/languages.ts';
import type { LeadMessages, ServiceLanguage } from '../../contract/messages/en.ts';
import { SERVICE_MESSAGES } from '../../contract/messages/index.ts';

export { SERVICE_MESSAGES };

/**
 * `Content-Language: hi` or `hi-IN` → 'hi'; the first listed language we speak; else 'en'.
 * languageOfTag compares with the language list itself, so "constructor" or "__proto__" is no language.
 */
export function requestLanguage(header: string | string[] | undefined): ServiceLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const tag of value.split(',')) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

/** The message catalogue for a request. */
export function messagesFor(request: FastifyRequest): LeadMessages {
  return SERVICE_MESSAGES[requestLanguage(request.headers[HEADERS.language.toLowerCase()])];
}
