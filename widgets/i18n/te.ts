/**
 * The widgets' texts in Telugu, for Telugu readers: plain Telugu, with the loan words
 * Telugu speakers use (యాప్, ఈమెయిల్, ఫోన్, కోర్సు) in Telugu script. A chunk of its own,
 * loaded only for a form in Telugu. Course and role VALUES never change; only their visible text does.
 */
import { MESSAGES_TE, TE_CHOICES, TE_NOTICE, TE_REFERENCE } from '../../contract/messages/te.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'సొసైటీ అభ్యర్థన విజయవంతంగా పంపబడింది.';

export const te: WidgetMessages = {
  lang: 'te',
  society: {
    heading: 'మీ సొసైటీని నమోదు చేయండి',
    intro: 'కేవలం 2 నిమిషాలు చాలు. 24 గంటల్లోగా అన్నీ మేమే సెటప్ చేస్తాము — ఎప్పటికీ ఉచితం.',
    fields: {
      name: { label: 'మీ పేరు *', placeholder: 'మీ పూర్తి పేరు రాయండి' },
      email: { label: 'ఈమెయిల్ *', placeholder: 'you@example.com' },
      phone: { label: 'ఫోన్ *', placeholder: '+91 98765 43210' },
      societyName: { label: 'సొసైటీ పేరు *', placeholder: 'ఉదా: గ్రీన్ వ్యాలీ అపార్ట్‌మెంట్స్' },
      city: { label: 'నగరం *', placeholder: 'ఉదా: హైదరాబాద్' },
      position: { label: 'హోదా (ఐచ్ఛికం)', placeholder: 'ఉదా: కార్యదర్శి' },
    },
    submit: 'సొసైటీని ఉచితంగా నమోదు చేయండి',
    submitting: 'పంపుతున్నాము...',
    successTitle: 'నమోదు పూర్తయింది!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_TE.societyStored,
    failureTitle: 'నమోదు విఫలమైంది',
    failureFallback: MESSAGES_TE.generic,
    networkError: 'నెట్‌వర్క్ సమస్య. దయచేసి మీ ఇంటర్నెట్ కనెక్షన్ చూసుకుని మళ్లీ ప్రయత్నించండి.',
    again: 'మరో సొసైటీని నమోదు చేయండి',
  },
  career: {
    heading: 'ఇప్పుడే దరఖాస్తు చేయండి',
    intro: 'మీ గురించి, మీరు కోరుకునే పాత్ర గురించి మాకు చెప్పండి.',
    fields: {
      fullName: { label: 'పూర్తి పేరు *', placeholder: 'మీ పూర్తి పేరు రాయండి' },
      email: { label: 'ఈమెయిల్ *', placeholder: 'you@example.com' },
      phone: { label: 'ఫోన్ *', placeholder: '+91 98765 43210' },
      college: { label: 'కళాశాల / విశ్వవిద్యాలయం *', placeholder: 'మీ కళాశాల లేదా విశ్వవిద్యాలయం' },
      course: { label: 'కోర్సు *', placeholder: 'మీ కోర్సును ఎంచుకోండి' },
      yearOfStudy: { label: 'చదువుతున్న సంవత్సరం *', placeholder: 'ఉదా: 3వ సంవత్సరం లేదా చదువు పూర్తయింది' },
      areaOfInterest: { label: 'ఆసక్తి ఉన్న రంగం *', placeholder: 'మీకు ఇష్టమైన పాత్రను ఎంచుకోండి' },
      whyJoin: { label: 'మీరు మాతో ఎందుకు చేరాలనుకుంటున్నారు? *', placeholder: 'ఈ పాత్రలో మిమ్మల్ని ఎక్కువగా ఆకర్షించేది ఏమిటో చెప్పండి' },
    },
    courses: TE_CHOICES.courses,
    roles: TE_CHOICES.roles,
    submit: 'దరఖాస్తు పంపండి',
    successTitle: 'దరఖాస్తు పంపబడింది!',
    successDescription: 'దరఖాస్తు చేసినందుకు ధన్యవాదాలు! మా బృందం మీ దరఖాస్తును పరిశీలించి త్వరలోనే మిమ్మల్ని సంప్రదిస్తుంది.',
    errorTitle: 'లోపం',
    errorDescription: 'మీ దరఖాస్తు పంపడంలో లోపం జరిగింది. దయచేసి మళ్లీ ప్రయత్నించండి.',
    again: 'మరో దరఖాస్తు పంపండి',
    cv: {
      label: 'CV / రెజ్యూమే (ఐచ్ఛికం)',
      hint: (mb) => `PDF, DOC లేదా DOCX, గరిష్ఠంగా ${mb} MB`,
      remove: 'తీసివేయండి',
      removed: 'CV తీసివేయబడింది.',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: TE_NOTICE,
  waiting: {
    title: 'ఈ ఫోన్‌లో సేవ్ అయింది',
    message: 'మా సేవను చేరుకోలేకపోయాము. మీ వివరాలు ఈ ఫోన్‌లో సేవ్ అయ్యాయి, ఇంటర్నెట్ తిరిగి రాగానే వాటంతట అవే పంపబడతాయి.',
    sendNow: 'ఇప్పుడే పంపండి',
    sending: 'పంపుతున్నాము...',
    discard: 'తొలగించండి',
  },
  reference: TE_REFERENCE,
  formPost: {
    honeypot: 'ఖాళీగా వదిలేయండి',
    problemTitle: 'ఒక సమస్య ఉంది',
    errorPrefix: 'లోపం: ',
  },
  dismissToast: 'సూచనను మూసివేయండి',
  service: MESSAGES_TE,
};
