/** The widgets' texts in English: the spec's labels, placeholders, buttons, toasts and messages, exactly. */
import { COURSES, ROLES } from '../../contract/lead-contract.ts';
import { EN_NOTICE, EN_REFERENCE, MESSAGES } from '../../contract/messages/en.ts';
import type { WidgetMessages } from './types.ts';

/** Value → visible text of a list of the lead contract. */
const labelsOf = <V extends string>(options: readonly { value: V; label: string }[]) =>
  Object.fromEntries(options.map((o) => [o.value, o.label])) as Record<V, string>;

export const en: WidgetMessages = {
  lang: 'en',
  society: {
    heading: 'Register Your Society',
    intro: 'It takes 2 minutes. We set everything up within 24 hours — free forever.',
    fields: {
      name: { label: 'Your Name *', placeholder: 'Enter your full name' },
      email: { label: 'Email *', placeholder: 'you@example.com' },
      phone: { label: 'Phone *', placeholder: '+91 98765 43210' },
      societyName: { label: 'Society Name *', placeholder: 'e.g. Green Valley Apartments' },
      city: { label: 'City *', placeholder: 'e.g. Pune' },
      position: { label: 'Position (optional)', placeholder: 'e.g. Secretary' },
    },
    submit: 'Register Society for Free',
    submitting: 'Submitting...',
    successTitle: 'Registration Successful!',
    successPrefix: 'Society request submitted successfully. We',
    successFallback: MESSAGES.societyStored,
    failureTitle: 'Registration Failed',
    failureFallback: 'Something went wrong. Please try again.',
    networkError: 'Network error. Please check your connection and try again.',
    again: 'Register another society',
  },
  career: {
    heading: 'Apply Now',
    intro: 'Tell us about yourself and the role you want.',
    fields: {
      fullName: { label: 'Full Name *', placeholder: 'Enter your full name' },
      email: { label: 'Email *', placeholder: 'you@example.com' },
      phone: { label: 'Phone *', placeholder: '+91 98765 43210' },
      college: { label: 'College / University *', placeholder: 'Your college or university' },
      course: { label: 'Course *', placeholder: 'Select your course' },
      yearOfStudy: { label: 'Year of Study *', placeholder: 'e.g. 3rd year or Graduated' },
      areaOfInterest: { label: 'Area of Interest *', placeholder: 'Choose your preferred role' },
      whyJoin: { label: 'Why do you want to join us? *', placeholder: 'Tell us what excites you about this role' },
    },
    courses: labelsOf(COURSES),
    roles: labelsOf(ROLES),
    submit: 'Submit Application',
    successTitle: 'Application Submitted!',
    successDescription: 'Thanks for applying! Our team will review your application and connect with you shortly.',
    errorTitle: 'Error',
    errorDescription: 'There was an error submitting your application. Please try again.',
    again: 'Send another application',
    cv: {
      label: 'CV / résumé (optional)',
      hint: (mb) => `PDF, DOC or DOCX, at most ${mb} MB`,
      remove: 'Remove',
      removed: 'CV removed.',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: EN_NOTICE,
  waiting: {
    title: 'Saved on this phone',
    message: 'We could not reach our service. Your details are saved on this phone and will be sent by themselves when you are back online.',
    sendNow: 'Send now',
    sending: 'Sending...',
    discard: 'Discard',
  },
  reference: EN_REFERENCE,
  formPost: {
    honeypot: 'Leave empty',
    problemTitle: 'There is a problem',
    errorPrefix: 'Error: ',
  },
  dismissToast: 'Dismiss notification',
  service: MESSAGES,
};
