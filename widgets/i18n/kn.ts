/**
 * The widgets' texts in Kannada, for Kannada readers: natural Kannada, with the loan words
 * Kannada speakers use (ಆ್ಯಪ್, ಇಮೇಲ್, ಫೋನ್, ಕೋರ್ಸ್). A chunk of its own, loaded only for a form
 * in Kannada. Course and role VALUES never change; only their visible text does.
 */
import { KN_CHOICES, KN_NOTICE, KN_REFERENCE, MESSAGES_KN } from '../../contract/messages/kn.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'ಸೊಸೈಟಿಯ ವಿನಂತಿಯನ್ನು ಯಶಸ್ವಿಯಾಗಿ ಕಳುಹಿಸಲಾಗಿದೆ.';

export const kn: WidgetMessages = {
  lang: 'kn',
  society: {
    heading: 'ನಿಮ್ಮ ಸೊಸೈಟಿಯನ್ನು ನೋಂದಾಯಿಸಿ',
    intro: 'ಕೇವಲ 2 ನಿಮಿಷ ಸಾಕು. 24 ಗಂಟೆಗಳ ಒಳಗೆ ನಾವು ಎಲ್ಲವನ್ನೂ ಸಿದ್ಧಪಡಿಸುತ್ತೇವೆ — ಎಂದೆಂದಿಗೂ ಉಚಿತ.',
    fields: {
      name: { label: 'ನಿಮ್ಮ ಹೆಸರು *', placeholder: 'ನಿಮ್ಮ ಪೂರ್ಣ ಹೆಸರು ಬರೆಯಿರಿ' },
      email: { label: 'ಇಮೇಲ್ *', placeholder: 'you@example.com' },
      phone: { label: 'ಫೋನ್ *', placeholder: '+91 98765 43210' },
      societyName: { label: 'ಸೊಸೈಟಿಯ ಹೆಸರು *', placeholder: 'ಉದಾ: ಗ್ರೀನ್ ವ್ಯಾಲಿ ಅಪಾರ್ಟ್‌ಮೆಂಟ್ಸ್' },
      city: { label: 'ನಗರ *', placeholder: 'ಉದಾ: ಮೈಸೂರು' },
      position: { label: 'ಹುದ್ದೆ (ಐಚ್ಛಿಕ)', placeholder: 'ಉದಾ: ಕಾರ್ಯದರ್ಶಿ' },
    },
    submit: 'ಸೊಸೈಟಿಯನ್ನು ಉಚಿತವಾಗಿ ನೋಂದಾಯಿಸಿ',
    submitting: 'ಕಳುಹಿಸಲಾಗುತ್ತಿದೆ...',
    successTitle: 'ನೋಂದಣಿ ಯಶಸ್ವಿಯಾಗಿದೆ!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_KN.societyStored,
    failureTitle: 'ನೋಂದಣಿ ಆಗಲಿಲ್ಲ',
    failureFallback: MESSAGES_KN.generic,
    networkError: 'ನೆಟ್‌ವರ್ಕ್ ಸಮಸ್ಯೆ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕ ಪರಿಶೀಲಿಸಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
    again: 'ಇನ್ನೊಂದು ಸೊಸೈಟಿ ನೋಂದಾಯಿಸಿ',
  },
  career: {
    heading: 'ಈಗಲೇ ಅರ್ಜಿ ಸಲ್ಲಿಸಿ',
    intro: 'ನಿಮ್ಮ ಬಗ್ಗೆ ಮತ್ತು ನೀವು ಬಯಸುವ ಹುದ್ದೆಯ ಬಗ್ಗೆ ನಮಗೆ ತಿಳಿಸಿ.',
    fields: {
      fullName: { label: 'ಪೂರ್ಣ ಹೆಸರು *', placeholder: 'ನಿಮ್ಮ ಪೂರ್ಣ ಹೆಸರು ಬರೆಯಿರಿ' },
      email: { label: 'ಇಮೇಲ್ *', placeholder: 'you@example.com' },
      phone: { label: 'ಫೋನ್ *', placeholder: '+91 98765 43210' },
      college: { label: 'ಕಾಲೇಜು / ವಿಶ್ವವಿದ್ಯಾಲಯ *', placeholder: 'ನಿಮ್ಮ ಕಾಲೇಜು ಅಥವಾ ವಿಶ್ವವಿದ್ಯಾಲಯ' },
      course: { label: 'ಕೋರ್ಸ್ *', placeholder: 'ನಿಮ್ಮ ಕೋರ್ಸ್ ಆಯ್ಕೆಮಾಡಿ' },
      yearOfStudy: { label: 'ಓದುತ್ತಿರುವ ವರ್ಷ *', placeholder: 'ಉದಾ: 3ನೇ ವರ್ಷ ಅಥವಾ ಪದವೀಧರ' },
      areaOfInterest: { label: 'ಇಷ್ಟದ ಹುದ್ದೆ *', placeholder: 'ನಿಮ್ಮ ಇಷ್ಟದ ಹುದ್ದೆ ಆಯ್ಕೆಮಾಡಿ' },
      whyJoin: { label: 'ನೀವು ನಮ್ಮೊಂದಿಗೆ ಏಕೆ ಸೇರಲು ಬಯಸುತ್ತೀರಿ? *', placeholder: 'ಈ ಹುದ್ದೆಯಲ್ಲಿ ನಿಮಗೆ ಯಾವುದು ಹೆಚ್ಚು ಉತ್ಸಾಹ ತರುತ್ತದೆ ಎಂದು ತಿಳಿಸಿ' },
    },
    courses: KN_CHOICES.courses,
    roles: KN_CHOICES.roles,
    submit: 'ಅರ್ಜಿ ಕಳುಹಿಸಿ',
    successTitle: 'ಅರ್ಜಿ ಕಳುಹಿಸಲಾಗಿದೆ!',
    successDescription: 'ಅರ್ಜಿ ಸಲ್ಲಿಸಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು! ನಮ್ಮ ತಂಡ ನಿಮ್ಮ ಅರ್ಜಿಯನ್ನು ಪರಿಶೀಲಿಸಿ ಶೀಘ್ರದಲ್ಲೇ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸುತ್ತದೆ.',
    errorTitle: 'ದೋಷ',
    errorDescription: 'ನಿಮ್ಮ ಅರ್ಜಿ ಕಳುಹಿಸುವಾಗ ದೋಷ ಉಂಟಾಯಿತು. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
    again: 'ಇನ್ನೊಂದು ಅರ್ಜಿ ಕಳುಹಿಸಿ',
    cv: {
      label: 'CV / ರೆಸ್ಯೂಮೆ (ಐಚ್ಛಿಕ)',
      hint: (mb) => `PDF, DOC ಅಥವಾ DOCX, ಗರಿಷ್ಠ ${mb} MB`,
      remove: 'ತೆಗೆದುಹಾಕಿ',
      removed: 'CV ತೆಗೆದುಹಾಕಲಾಗಿದೆ.',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: KN_NOTICE,
  waiting: {
    title: 'ಈ ಫೋನ್‌ನಲ್ಲಿ ಉಳಿಸಲಾಗಿದೆ',
    message: 'ನಮ್ಮ ಸೇವೆಯನ್ನು ತಲುಪಲು ಆಗಲಿಲ್ಲ. ನಿಮ್ಮ ವಿವರಗಳು ಈ ಫೋನ್‌ನಲ್ಲಿ ಉಳಿದಿವೆ, ಇಂಟರ್ನೆಟ್ ಮರಳಿ ಬಂದ ತಕ್ಷಣ ತಾವಾಗಿಯೇ ಕಳುಹಿಸಲ್ಪಡುತ್ತವೆ.',
    sendNow: 'ಈಗಲೇ ಕಳುಹಿಸಿ',
    sending: 'ಕಳುಹಿಸಲಾಗುತ್ತಿದೆ...',
    discard: 'ತೆಗೆದುಹಾಕಿ',
  },
  reference: KN_REFERENCE,
  formPost: {
    honeypot: 'ಖಾಲಿ ಬಿಡಿ',
    problemTitle: 'ಒಂದು ಸಮಸ್ಯೆ ಇದೆ',
    errorPrefix: 'ದೋಷ: ',
  },
  dismissToast: 'ಅಧಿಸೂಚನೆ ಮುಚ್ಚಿ',
  service: MESSAGES_KN,
};
