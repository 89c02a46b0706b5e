/**
 * A language is its catalogues and one row of contract/languages.ts: the registries follow
 * the list. The service's (contract/messages/index.ts) is written by `npm run languages`;
 * the forms' (widgets/i18n/index.ts) and the /embed snippet heights are made from the list.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages, LANGUAGE_CODES } from '../../contract/languages.ts';
import { EMAIL_TEXTS, NOTICE_TEXTS, SERVICE_MESSAGES } from '../../contract/messages/index.ts';
import { frameSnippetHeights } from '../../pages/embed/frame/form-options.ts';
import { messagesRegistry, MESSAGES_REGISTRY } from '../../scripts/language-registry.ts';
import { loadMessages } from '../../widgets/i18n/index.ts';

describe('the registries, from the language list', () => {
  it('contract/messages/index.ts is the one npm run languages writes', () => {
    expect(fs.readFileSync(MESSAGES_REGISTRY, 'utf8')).toBe(messagesRegistry(LANGUAGE_CODES));
  });

  it('a new language gets its line in each of the service registry’s three records', () => {
    const text = messagesRegistry([...LANGUAGE_CODES, 'gu']);
    expect(text).toContain(`import { MESSAGES_GU, GU_NOTICE } from './gu.ts';`);
    expect(text).toContain(`import { EMAIL_GU } from './email/gu.ts';`);
    expect(text.match(/gu: (MESSAGES_GU|GU_NOTICE|EMAIL_GU)\b/g)).toEqual(['gu: MESSAGES_GU', 'gu: GU_NOTICE', 'gu: EMAIL_GU']);
  });

  it('every language of the list has its service, notice, email and forms catalogue, and its snippet height', async () => {
    for (const code of LANGUAGE_CODES) {
      expect([SERVICE_MESSAGES[code], NOTICE_TEXTS[code], EMAIL_TEXTS[code]].every(Boolean), code).toBe(true);
      expect((await loadMessages(code)).lang, code).toBe(code);
    }
    expect(Object.keys(frameSnippetHeights)).toEqual([...LANGUAGE_CODES]);
    for (const language of languages) expect(frameSnippetHeights[language.code as keyof typeof frameSnippetHeights]).toBe(language.frameSnippetHeight ?? 1280);
  });
});
