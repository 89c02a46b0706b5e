/**
 * Every language's catalogue at once, for the service and the build (the widgets load one
 * language at a time: widgets/i18n/). A language of contract/languages.ts without a
 * catalogue here fails the typecheck.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { LanguageCode } from '../languages.ts';
import { EN_NOTICE, type LeadMessages, MESSAGES } from './en.ts';
import { HI_NOTICE, MESSAGES_HI } from './hi.ts';
import { KN_NOTICE, MESSAGES_KN } from './kn.ts';
import { EMAIL_EN } from './email/en.ts';
import { EMAIL_HI } from './email/hi.ts';
import { EMAIL_KN } from './email/kn.ts';
import type { PersonEmailText } from './email/types.ts';

export const SERVICE_MESSAGES: Record<LanguageCode, LeadMessages> = { en: MESSAGES, hi: MESSAGES_HI, kn: MESSAGES_KN };

export const NOTICE_TEXTS: Record<LanguageCode, NoticeText> = { en: EN_NOTICE, hi: HI_NOTICE, kn: KN_NOTICE };

/** The emails to the person who sent a form (the acknowledgement, an application's outcome). */
export const EMAIL_TEXTS: Record<LanguageCode, PersonEmailText> = { en: EMAIL_EN, hi: EMAIL_HI, kn: EMAIL_KN };
