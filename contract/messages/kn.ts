/**
 * The Kannada twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: kn`, and what a Kannada form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Kannada chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_KN: LeadMessages = {
  societyStored:
    'ಸೊಸೈಟಿಯ ವಿನಂತಿಯನ್ನು ಯಶಸ್ವಿಯಾಗಿ ಕಳುಹಿಸಲಾಗಿದೆ. 24 ಗಂಟೆಗಳ ಒಳಗೆ ನಾವು ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸಿ ನಿಮ್ಮ ಸೊಸೈಟಿಗೆ ಎಲ್ಲವನ್ನೂ ಸಿದ್ಧಪಡಿಸುತ್ತೇವೆ.',
  careerStored: 'ನಿಮ್ಮ ಅರ್ಜಿ ನಮಗೆ ತಲುಪಿದೆ. ನಮ್ಮ ತಂಡ ಅದನ್ನು ಪರಿಶೀಲಿಸಿ ಶೀಘ್ರದಲ್ಲೇ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸುತ್ತದೆ.',
  notObject: 'ದಯವಿಟ್ಟು ಫಾರ್ಮ್‌ನ ವಿವರಗಳನ್ನು JSON ಆಬ್ಜೆಕ್ಟ್ ರೂಪದಲ್ಲಿ ಕಳುಹಿಸಿ.',
  emptyBody: 'ವಿನಂತಿ ಖಾಲಿಯಾಗಿತ್ತು. ದಯವಿಟ್ಟು ಫಾರ್ಮ್ ಭರ್ತಿ ಮಾಡಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  invalidJson: 'ವಿನಂತಿಯನ್ನು ಓದಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಫಾರ್ಮ್ ಅನ್ನು ಮತ್ತೆ ಕಳುಹಿಸಿ.',
  tooLarge: 'ಫಾರ್ಮ್ ಕಳುಹಿಸಲು ತುಂಬಾ ದೊಡ್ಡದಾಗಿದೆ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಉತ್ತರಗಳನ್ನು ಚಿಕ್ಕದಾಗಿಸಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  cvTooLarge: (mb: number) => `CV ${mb} MB ಗಿಂತ ದೊಡ್ಡದಾಗಿದೆ. ದಯವಿಟ್ಟು ಚಿಕ್ಕ ಫೈಲ್ ಲಗತ್ತಿಸಿ.`,
  cvType: 'CV ಒಂದು PDF, DOC ಅಥವಾ DOCX ಫೈಲ್ ಆಗಿರಬೇಕು.',
  cvUnknown: 'ಲಗತ್ತಿಸಿದ CV ಸಿಗಲಿಲ್ಲ (ಅರ್ಜಿ ಕಳುಹಿಸುವವರೆಗೆ ಫೈಲ್ ಅನ್ನು 24 ಗಂಟೆ ಇಡಲಾಗುತ್ತದೆ). ದಯವಿಟ್ಟು ಮತ್ತೆ ಲಗತ್ತಿಸಿ.',
  cvTooMany: 'ಕಳೆದ ಒಂದು ಗಂಟೆಯಲ್ಲಿ ನಿಮ್ಮ ಸಂಪರ್ಕದಿಂದ ತುಂಬಾ CVಗಳನ್ನು ಕಳುಹಿಸಲಾಗಿದೆ. ದಯವಿಟ್ಟು CV ಇಲ್ಲದೆ ಅರ್ಜಿ ಕಳುಹಿಸಿ, ಅಥವಾ ಒಂದು ಗಂಟೆಯ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  cvStorageFull: 'ಈಗ ನಾವು ಇನ್ನಷ್ಟು CVಗಳನ್ನು ತೆಗೆದುಕೊಳ್ಳಲು ಆಗುವುದಿಲ್ಲ. ದಯವಿಟ್ಟು CV ಇಲ್ಲದೆ ಅರ್ಜಿ ಕಳುಹಿಸಿ; ನಮ್ಮ ತಂಡ ನಿಮ್ಮಿಂದ CV ಕೇಳುತ್ತದೆ.',
  unsupportedType:
    'ದಯವಿಟ್ಟು ಫಾರ್ಮ್ ಅನ್ನು JSON (Content-Type: application/json) ಅಥವಾ ವೆಬ್ ಫಾರ್ಮ್ (application/x-www-form-urlencoded) ರೂಪದಲ್ಲಿ ಕಳುಹಿಸಿ.',
  tooManyRequests: 'ತುಂಬಾ ವಿನಂತಿಗಳು ಬಂದಿವೆ. ದಯವಿಟ್ಟು ಒಂದು ನಿಮಿಷ ಕಾದು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  tooManyWithoutProof:
    'ನಿಮ್ಮ ಸಂಪರ್ಕದಿಂದ JavaScript ಇಲ್ಲದೆ ತುಂಬಾ ಫಾರ್ಮ್‌ಗಳು ಬಂದಿವೆ. ದಯವಿಟ್ಟು JavaScript ಆನ್ ಮಾಡಿ, ಅಥವಾ ಒಂದು ಗಂಟೆ ಕಾದು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  originRefused:
    'ಈ ವೆಬ್‌ಸೈಟ್‌ನಿಂದ ನಮಗೆ ನೋಂದಣಿ ಕಳುಹಿಸುವ ವ್ಯವಸ್ಥೆ ಇಲ್ಲ, ಹಾಗಾಗಿ ನಿಮ್ಮ ವಿವರಗಳು ಕಳುಹಿಸಲ್ಪಟ್ಟಿಲ್ಲ. ದಯವಿಟ್ಟು ಸೊಸೈಟಿಯನ್ನು ಅಥವಾ ವೆಬ್‌ಸೈಟ್‌ನ ಮಾಲೀಕರನ್ನು ನೇರವಾಗಿ ಸಂಪರ್ಕಿಸಿ.',
  invalidPartner:
    'ಈ ಫಾರ್ಮ್‌ನ ಪಾರ್ಟ್‌ನರ್ ಐಡಿ ಸರಿಯಿಲ್ಲ (1 ರಿಂದ 40 ಇಂಗ್ಲಿಷ್ ಸಣ್ಣ ಅಕ್ಷರಗಳು, ಅಂಕಿಗಳು ಅಥವಾ ಹೈಫನ್‌ಗಳು). ದಯವಿಟ್ಟು ವೆಬ್‌ಸೈಟ್‌ನ ಮಾಲೀಕರಿಗೆ ತಿಳಿಸಿ.',
  notFound: 'ಈ ವಿಳಾಸಕ್ಕೆ ಕಳುಹಿಸಲು ಏನೂ ಇಲ್ಲ.',
  methodNotAllowed: 'ಈ ವಿಳಾಸ POST ವಿನಂತಿಗಳನ್ನು ಮಾತ್ರ ಸ್ವೀಕರಿಸುತ್ತದೆ.',
  labels: {
    name: 'ಹೆಸರು',
    email: 'ಇಮೇಲ್',
    phone: 'ಫೋನ್ ಸಂಖ್ಯೆ',
    societyName: 'ಸೊಸೈಟಿಯ ಹೆಸರು',
    city: 'ನಗರ',
    position: 'ಹುದ್ದೆ',
    college: 'ಕಾಲೇಜು',
    course: 'ಕೋರ್ಸ್',
    yearOfStudy: 'ಓದುತ್ತಿರುವ ವರ್ಷ',
    areaOfInterest: 'ಇಷ್ಟದ ಹುದ್ದೆ',
    message: 'ಸಂದೇಶ',
  },
  required: (label) => `${label} ಕಡ್ಡಾಯ.`,
  notText: (label) => `${label} ಪಠ್ಯವಾಗಿರಬೇಕು.`,
  tooLong: (label, max) => `${label} ಗರಿಷ್ಠ ${max} ಅಕ್ಷರಗಳಷ್ಟು ಇರಬಹುದು.`,
  forbiddenCharacters: (label) => `${label} ಕ್ಷೇತ್ರದಲ್ಲಿ ಅನುಮತಿಯಿಲ್ಲದ ಅಕ್ಷರಗಳಿವೆ.`,
  invalidEmail: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಇಮೇಲ್ ವಿಳಾಸ ನಮೂದಿಸಿ.',
  invalidPhone: 'ದಯವಿಟ್ಟು ಸರಿಯಾದ ಫೋನ್ ಸಂಖ್ಯೆ ನಮೂದಿಸಿ.',
  invalidChoice: {
    course: 'ದಯವಿಟ್ಟು ಪಟ್ಟಿಯಿಂದ ನಿಮ್ಮ ಕೋರ್ಸ್ ಆಯ್ಕೆಮಾಡಿ.',
    areaOfInterest: 'ದಯವಿಟ್ಟು ಪಟ್ಟಿಯಿಂದ ನಿಮ್ಮ ಇಷ್ಟದ ಹುದ್ದೆ ಆಯ್ಕೆಮಾಡಿ.',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `ಫಾರ್ಮ್‌ನಲ್ಲಿ ಅನಿರೀಕ್ಷಿತ ಕ್ಷೇತ್ರವಿದೆ: ${plain.join(', ')}.` : 'ಫಾರ್ಮ್‌ನಲ್ಲಿ ಅನಿರೀಕ್ಷಿತ ಕ್ಷೇತ್ರಗಳಿವೆ.';
  },
  invalidIdempotencyKey: 'Idempotency-Key ಹೆಡರ್‌ನಲ್ಲಿ 16 ರಿಂದ 64 ಇಂಗ್ಲಿಷ್ ಅಕ್ಷರಗಳು, ಅಂಕಿಗಳು, ಹೈಫನ್‌ಗಳು ಅಥವಾ ಅಂಡರ್‌ಸ್ಕೋರ್‌ಗಳು ಇರಬೇಕು.',
  idempotencyKeyReused:
    'ಈ Idempotency-Key ಅನ್ನು ಈಗಾಗಲೇ ಬೇರೆ ಫಾರ್ಮ್‌ಗೆ ಬಳಸಲಾಗಿದೆ. ಹೊಸ ಫಾರ್ಮ್ ಅನ್ನು ಹೊಸ key ಜೊತೆಗೆ ಕಳುಹಿಸಿ.',
  unavailable: 'ಈಗ ನಿಮ್ಮ ವಿನಂತಿಯನ್ನು ಉಳಿಸಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಸ್ವಲ್ಪ ಹೊತ್ತಿನ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  generic: 'ಏನೋ ತಪ್ಪಾಗಿದೆ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  invalidVitals: (detail) => `vitals ಬೀಕನ್ ಸರಿಯಿಲ್ಲ: ${detail}`,
};

/** The collection notice in Kannada: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const KN_NOTICE: NoticeText = {
  heading: 'ನಿಮ್ಮ ವಿವರಗಳನ್ನು ನಾವು ಹೇಗೆ ಬಳಸುತ್ತೇವೆ',
  stop: '.',
  collected: {
    society: 'ನಾವು ನಿಮ್ಮ ಹೆಸರು, ಇಮೇಲ್, ಫೋನ್ ಸಂಖ್ಯೆ, ಸೊಸೈಟಿಯ ಹೆಸರು, ನಗರ ಮತ್ತು (ನೀವು ನೀಡಿದರೆ) ನಿಮ್ಮ ಹುದ್ದೆಯನ್ನು ಪಡೆಯುತ್ತೇವೆ.',
    career: 'ನಾವು ನಿಮ್ಮ ಹೆಸರು, ಇಮೇಲ್, ಫೋನ್ ಸಂಖ್ಯೆ, ಕಾಲೇಜು, ಕೋರ್ಸ್, ಓದುತ್ತಿರುವ ವರ್ಷ, ಇಷ್ಟದ ಹುದ್ದೆ, ನಿಮ್ಮ ಸಂದೇಶ ಮತ್ತು (ಲಗತ್ತಿಸಿದರೆ) ನಿಮ್ಮ CV ಪಡೆಯುತ್ತೇವೆ.',
  },
  purpose: {
    society: 'ನಿಮ್ಮ ಸೊಸೈಟಿಗೆ ಆ್ಯಪ್ ಸಿದ್ಧಪಡಿಸುವ ಬಗ್ಗೆ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸಲು ಮಾತ್ರ ನಾವು ಇವುಗಳನ್ನು ಬಳಸುತ್ತೇವೆ. ಈ ಫಾರ್ಮ್ ಕಳುಹಿಸುವ ಮೂಲಕ ನೀವು ಇದಕ್ಕೆ ಒಪ್ಪಿಗೆ ನೀಡುತ್ತೀರಿ.',
    career: 'ನಿಮ್ಮ ಅರ್ಜಿಯನ್ನು ಪರಿಶೀಲಿಸಲು ಮತ್ತು ಅದರ ಬಗ್ಗೆ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸಲು ಮಾತ್ರ ನಾವು ಇವುಗಳನ್ನು ಬಳಸುತ್ತೇವೆ. ಈ ಫಾರ್ಮ್ ಕಳುಹಿಸುವ ಮೂಲಕ ನೀವು ಇದಕ್ಕೆ ಒಪ್ಪಿಗೆ ನೀಡುತ್ತೀರಿ.',
  },
  retention: (period) => `ನೀವು ಕಳುಹಿಸಿದ ನಂತರ ನಾವು ಇವುಗಳನ್ನು ${period} ಇಟ್ಟುಕೊಳ್ಳುತ್ತೇವೆ, ಆಮೇಲೆ ಅಳಿಸುತ್ತೇವೆ.`,
  device: (days) =>
    `ನೀವು ಕಳುಹಿಸುವವರೆಗೆ ಇವು ಇದೇ ಸಾಧನದಲ್ಲಿ (${days} ದಿನಗಳವರೆಗೆ) ಉಳಿಯುತ್ತವೆ, ಮತ್ತು ನೀವು ಬಂದ ಲಿಂಕ್‌ನ ಕ್ಯಾಂಪೇನ್ ಈ ಟ್ಯಾಬ್‌ನಲ್ಲಿ ಉಳಿಯುತ್ತದೆ.`,
  withdraw: (email) =>
    `ನೀವು ಯಾವಾಗ ಬೇಕಾದರೂ ನಿಮ್ಮ ಒಪ್ಪಿಗೆಯನ್ನು ಹಿಂಪಡೆಯಬಹುದು, ಅಥವಾ ನಿಮ್ಮ ವಿವರಗಳನ್ನು ನೋಡಲು, ತಿದ್ದಲು ಅಥವಾ ಅಳಿಸಲು ಕೇಳಬಹುದು: ${email} ವಿಳಾಸಕ್ಕೆ ಬರೆಯಿರಿ.`,
  link: 'ಸಂಪೂರ್ಣ ಗೌಪ್ಯತಾ ಸೂಚನೆ ಓದಿ',
  newTab: 'ಹೊಸ ಟ್ಯಾಬ್‌ನಲ್ಲಿ ತೆರೆಯುತ್ತದೆ',
  period: { month: 'ತಿಂಗಳು', months: 'ತಿಂಗಳು', day: 'ದಿನ', days: 'ದಿನ' },
  inYourLanguage: 'ಇದನ್ನು ನಿಮ್ಮ ಭಾಷೆಯಲ್ಲಿ ಓದಿ',
};

/** The visible Kannada text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const KN_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'ಇತರೆ' },
  roles: {
    'tech-intern': 'ಟೆಕ್ ಇಂಟರ್ನ್',
    'marketing-sales-intern': 'ಮಾರ್ಕೆಟಿಂಗ್ ಮತ್ತು ಸೇಲ್ಸ್ ಇಂಟರ್ನ್',
    'member-technical-staff': 'ಮೆಂಬರ್ ಆಫ್ ಟೆಕ್ನಿಕಲ್ ಸ್ಟಾಫ್',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const KN_REFERENCE = { label: 'ನಿಮ್ಮ ರೆಫರೆನ್ಸ್ ಸಂಖ್ಯೆ', hint: 'ನಮಗೆ ಕರೆ ಮಾಡುವಾಗ ಅಥವಾ ಬರೆಯುವಾಗ ಇದನ್ನು ತಿಳಿಸಿ.' };
