/** The emails to the person who sent a form, in English (types.ts: what each text is for). */
import { COURSES, ROLES } from '../../lead-contract.ts';
import { EN_REFERENCE } from '../en.ts';
import type { PersonEmailText } from './types.ts';

const labelsOf = <V extends string>(options: readonly { value: V; label: string }[]) =>
  Object.fromEntries(options.map((o) => [o.value, o.label])) as Record<V, string>;

export const EMAIL_EN: PersonEmailText = {
  acknowledgement: {
    subject: {
      society: (reference) => `Your society registration: reference ${reference}`,
      career: (reference) => `Your application: reference ${reference}`,
    },
    received: {
      society: (brand) => `Thank you for registering your society with ${brand}. We have received your details.`,
      career: (brand) => `Thank you for applying to ${brand}. We have received your application.`,
    },
    greeting: 'Hello,',
    nextHeading: 'What happens next',
    next: {
      society: 'We will call you within 24 hours to set up the app for your society.',
      career: 'Our team will review your application and reply to you by email or phone.',
    },
    notYou: 'Did you not send this? Then someone typed your address by mistake: reply to this email and we will erase the details.',
  },
  outcome: {
    subject: {
      offer: (reference) => `Your application ${reference}: an offer`,
      'not-selected': (reference) => `Your application ${reference}`,
    },
    body: {
      offer: (role) => [
        `Thank you for applying for the role of ${role}. We are glad to tell you that we would like to offer it to you.`,
        'We will call or write to you within a few days with the details and the next steps. If you have a question before then, reply to this email.',
      ],
      'not-selected': (role) => [
        `Thank you for applying for the role of ${role}, and for the time you gave it.`,
        'We have reviewed your application carefully, and we will not be going ahead with it this time. We wish you every success.',
      ],
    },
  },
  greeting: (name) => `Hello ${name},`,
  reference: EN_REFERENCE,
  sent: {
    at: (date, time) => `Sent on ${date} at ${time} IST.`,
  },
  rights: {
    heading: 'Your data and your rights',
    how: (email, reference) =>
      `You can withdraw your consent at any time, or ask to see, correct or erase your data: reply to this email, or write to ${email} and quote ${reference}.`,
    retention: (period) => `We keep your details for ${period} after you sent them, then erase them.`,
    privacy: 'How we use your data, and your rights:',
    actions: { withdraw: 'Withdraw my consent', access: 'See my data', correct: 'Correct my data', erase: 'Erase my data' },
  },
  grievance: (name, email, phone) => `If you have a complaint about how we handle your data, contact our Grievance Officer, ${name}: ${email}, ${phone}.`,
  automatic: 'This email was sent automatically. A reply reaches our team.',
  signature: (brand) => `The ${brand} team`,
  choices: { course: labelsOf(COURSES), areaOfInterest: labelsOf(ROLES) },
};
