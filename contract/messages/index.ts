/**
 * Every language's catalogue at once, for the service and the build (the widgets load one
 * language at a time: widgets/i18n/). Generated from contract/languages.ts by
 * `npm run languages` (scripts/language-registry.ts): do not edit; a language of the list
 * whose catalogues are missing here fails the typecheck and test/site/language-registry.unit.test.ts.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { LanguageCode } from '../languages.ts';
import { EN_NOTICE, type LeadMessages, MESSAGES } from './en.ts';
import { MESSAGES_HI, HI_NOTICE } from './hi.ts';
import { MESSAGES_MR, MR_NOTICE } from './mr.ts';
import { MESSAGES_TA, TA_NOTICE } from './ta.ts';
import { MESSAGES_TE, TE_NOTICE } from './te.ts';
import { MESSAGES_KN, KN_NOTICE } from './kn.ts';
import { MESSAGES_BN, BN_NOTICE } from './bn.ts';
import { EMAIL_EN } from './email/en.ts';
import { EMAIL_HI } from './email/hi.ts';
import { EMAIL_MR } from './email/mr.ts';
import { EMAIL_TA } from './email/ta.ts';
import { EMAIL_TE } from './email/te.ts';
import { EMAIL_KN } from './email/kn.ts';
import { EMAIL_BN } from './email/bn.ts';
import type { PersonEmailText } from './email/types.ts';

export const SERVICE_MESSAGES: Record<LanguageCode, LeadMessages> = { en: MESSAGES, hi: MESSAGES_HI, mr: MESSAGES_MR, ta: MESSAGES_TA, te: MESSAGES_TE, kn: MESSAGES_KN, bn: MESSAGES_BN };

export const NOTICE_TEXTS: Record<LanguageCode, NoticeText> = { en: EN_NOTICE, hi: HI_NOTICE, mr: MR_NOTICE, ta: TA_NOTICE, te: TE_NOTICE, kn: KN_NOTICE, bn: BN_NOTICE };

/** The emails to the person who sent a form (the acknowledgement, an application's outcome). */
export const EMAIL_TEXTS: Record<LanguageCode, PersonEmailText> = { en: EMAIL_EN, hi: EMAIL_HI, mr: EMAIL_MR, ta: EMAIL_TA, te: EMAIL_TE, kn: EMAIL_KN, bn: EMAIL_BN };
