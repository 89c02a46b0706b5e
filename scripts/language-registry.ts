/**
 * npm run languages [-- --check]
 * Writes contract/messages/index.ts, the registry of every language's service, notice and
 * email catalogues, from the language list (contract/languages.ts): a new language is its
 * catalogues and its row, then this command (docs/how-to-add-a-language.md). The service and
 * the build run in Node, where each catalogue must be imported by name, so the registry is
 * written out rather than globbed like the forms' (widgets/i18n/index.ts). With --check,
 * writes nothing and exits 1 when the file differs from the generated one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultLanguage, LANGUAGE_CODES } from '../contract/languages.ts';
import { repoRoot } from './paths.ts';

export const MESSAGES_REGISTRY = path.join(repoRoot, 'contract', 'messages', 'index.ts');

/** The names a language's catalogues export: MESSAGES_HI and HI_NOTICE in messages/hi.ts, EMAIL_HI in messages/email/hi.ts (English: MESSAGES, EN_NOTICE, EMAIL_EN). */
export function catalogueExports(code: string): { messages: string; notice: string; email: string } {
  const upper = code.toUpperCase().replace(/-/g, '_');
  return { messages: code === defaultLanguage.code ? 'MESSAGES' : `MESSAGES_${upper}`, notice: `${upper}_NOTICE`, email: `EMAIL_${upper}` };
}

/** contract/messages/index.ts for these languages, the default language first. */
export function messagesRegistry(codes: readonly string[]): string {
  const imports = codes.flatMap((code) => {
    const { messages, notice } = catalogueExports(code);
    return code === defaultLanguage.code
      ? [`import { ${notice}, type LeadMessages, ${messages} } from './${code}.ts';`]
      : [`import { ${messages}, ${notice} } from './${code}.ts';`];
  });
  const emails = codes.map((code) => `import { ${catalogueExports(code).email} } from './email/${code}.ts';`);
  const record = (role: 'messages' | 'notice' | 'email') => `{ ${codes.map((code) => `${code}: ${catalogueExports(code)[role]}`).join(', ')} }`;
  return `/**
 * Every language's catalogue at once, for the service and the build (the widgets load one
 * language at a time: widgets/i18n/). Generated from contract/languages.ts by
 * \`npm run languages\` (scripts/language-registry.ts): do not edit; a language of the list
 * whose catalogues are missing here fails the typecheck and test/site/language-registry.unit.test.ts.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { LanguageCode } from '../languages.ts';
${imports.join('\n')}
${emails.join('\n')}
import type { PersonEmailText } from './email/types.ts';

export const SERVICE_MESSAGES: Record<LanguageCode, LeadMessages> = ${record('messages')};

export const NOTICE_TEXTS: Record<LanguageCode, NoticeText> = ${record('notice')};

/** The emails to the person who sent a form (the acknowledgement, an application's outcome). */
export const EMAIL_TEXTS: Record<LanguageCode, PersonEmailText> = ${record('email')};
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const current = fs.existsSync(MESSAGES_REGISTRY) ? fs.readFileSync(MESSAGES_REGISTRY, 'utf8') : '';
  const next = messagesRegistry(LANGUAGE_CODES);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      process.stderr.write('contract/messages/index.ts differs from the language list (contract/languages.ts); run npm run languages\n');
      process.exit(1);
    }
  } else if (next !== current) {
    fs.writeFileSync(MESSAGES_REGISTRY, next);
    process.stdout.write(`contract/messages/index.ts: written for ${LANGUAGE_CODES.join(', ')}\n`);
  } else {
    process.stdout.write('contract/messages/index.ts: already up to date\n');
  }
}
