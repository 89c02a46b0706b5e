/**
 * The short notice each form shows at the point of collection (India's DPDP Act, issue 14):
 * what is collected, why, how long it is kept, where the full notice is, how to withdraw.
 * Each lead records the NOTICE_VERSION its visitor was shown (header X-Notice-Version):
 * change the version whenever these words change.
 */
export const NOTICE_VERSION = '2026-11-22';

export interface NoticeText {
  /** What is collected and why. */
  collected: string;
  /** How long it is kept. */
  retention: string;
  /** How to withdraw consent; followed by the contact email. */
  withdraw: string;
  /** The link to the full notice (/privacy-policy). */
  linkText: string;
}

const shared = {
  retention: 'We keep them for 12 months, then erase them.',
  withdraw: 'To withdraw your consent or have them erased sooner, email',
  linkText: 'Read the full privacy notice',
} as const;

export const collectionNotice: { society: NoticeText; career: NoticeText } = {
  society: {
    collected: 'We use your name, email, phone, society, city and position only to contact you about setting up your society.',
    ...shared,
  },
  career: {
    collected: 'We use your name, email, phone, college, course, year of study, preferred role and answer only to consider your application.',
    ...shared,
  },
};
