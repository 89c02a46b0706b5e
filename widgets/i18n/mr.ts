/**
 * The widgets' texts in Marathi, for Marathi readers: natural Marathi, with the loan words
 * Marathi speakers use (ॲप, ईमेल, फोन, कोर्स). A chunk of its own, loaded only for a form
 * in Marathi. Course and role VALUES never change; only their visible text does.
 */
import { MESSAGES_MR, MR_CHOICES, MR_NOTICE, MR_REFERENCE } from '../../contract/messages/mr.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'सोसायटीची विनंती यशस्वीपणे पाठवली आहे.';

export const mr: WidgetMessages = {
  lang: 'mr',
  society: {
    heading: 'तुमच्या सोसायटीची नोंदणी करा',
    intro: 'फक्त 2 मिनिटे लागतात. आम्ही 24 तासांच्या आत सगळे सेट करून देतो — कायमचे मोफत.',
    fields: {
      name: { label: 'तुमचे नाव *', placeholder: 'तुमचे पूर्ण नाव लिहा' },
      email: { label: 'ईमेल *', placeholder: 'you@example.com' },
      phone: { label: 'फोन *', placeholder: '+91 98765 43210' },
      societyName: { label: 'सोसायटीचे नाव *', placeholder: 'उदा. ग्रीन व्हॅली अपार्टमेंट्स' },
      city: { label: 'शहर *', placeholder: 'उदा. पुणे' },
      position: { label: 'पद (ऐच्छिक)', placeholder: 'उदा. सचिव' },
    },
    submit: 'सोसायटीची मोफत नोंदणी करा',
    submitting: 'पाठवत आहोत...',
    successTitle: 'नोंदणी झाली!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_MR.societyStored,
    failureTitle: 'नोंदणी होऊ शकली नाही',
    failureFallback: MESSAGES_MR.generic,
    networkError: 'नेटवर्कमध्ये अडचण आहे. कृपया तुमचे इंटरनेट कनेक्शन तपासून पुन्हा प्रयत्न करा.',
    again: 'आणखी एका सोसायटीची नोंदणी करा',
  },
  career: {
    heading: 'आत्ताच अर्ज करा',
    intro: 'तुमच्याबद्दल सांगा, आणि तुम्हाला कोणत्या भूमिकेत काम करायचे आहे तेही.',
    fields: {
      fullName: { label: 'पूर्ण नाव *', placeholder: 'तुमचे पूर्ण नाव लिहा' },
      email: { label: 'ईमेल *', placeholder: 'you@example.com' },
      phone: { label: 'फोन *', placeholder: '+91 98765 43210' },
      college: { label: 'कॉलेज / विद्यापीठ *', placeholder: 'तुमचे कॉलेज किंवा विद्यापीठ' },
      course: { label: 'कोर्स *', placeholder: 'तुमचा कोर्स निवडा' },
      yearOfStudy: { label: 'शिक्षणाचे वर्ष *', placeholder: 'उदा. तिसरे वर्ष किंवा पदवीधर' },
      areaOfInterest: { label: 'आवडती भूमिका *', placeholder: 'तुमची आवडती भूमिका निवडा' },
      whyJoin: { label: 'तुम्हाला आमच्यासोबत का काम करायचे आहे? *', placeholder: 'या भूमिकेत तुम्हाला सर्वात जास्त काय आवडते ते सांगा' },
    },
    courses: MR_CHOICES.courses,
    roles: MR_CHOICES.roles,
    submit: 'अर्ज पाठवा',
    successTitle: 'अर्ज पाठवला!',
    successDescription: 'अर्ज केल्याबद्दल धन्यवाद! आमची टीम तुमचा अर्ज पाहील आणि लवकरच तुमच्याशी संपर्क साधेल.',
    errorTitle: 'त्रुटी',
    errorDescription: 'तुमचा अर्ज पाठवताना काहीतरी चुकले. कृपया पुन्हा प्रयत्न करा.',
    again: 'आणखी एक अर्ज पाठवा',
    cv: {
      label: 'CV / रिझ्युमे (ऐच्छिक)',
      hint: (mb) => `PDF, DOC किंवा DOCX, जास्तीत जास्त ${mb} MB`,
      remove: 'काढा',
      removed: 'CV काढला.',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: MR_NOTICE,
  waiting: {
    title: 'या फोनवर सेव्ह केले आहे',
    message: 'आम्ही आमच्या सेवेपर्यंत पोहोचू शकलो नाही. तुमची माहिती या फोनवर सेव्ह आहे आणि इंटरनेट परत आल्यावर आपोआप पाठवली जाईल.',
    sendNow: 'आत्ता पाठवा',
    sending: 'पाठवत आहोत...',
    discard: 'काढून टाका',
  },
  reference: MR_REFERENCE,
  formPost: {
    honeypot: 'रिकामे सोडा',
    problemTitle: 'एक अडचण आहे',
    errorPrefix: 'त्रुटी: ',
  },
  dismissToast: 'सूचना बंद करा',
  service: MESSAGES_MR,
};
