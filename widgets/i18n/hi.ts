/**
 * The widgets' texts in Hindi, for Indian readers: natural Hindi, with the loan words
 * Hindi speakers use (ऐप, ईमेल, फोन, कोर्स). A chunk of its own, loaded only for a form
 * in Hindi. Course and role VALUES never change; only their visible text does.
 */
import { HI_CHOICES, HI_NOTICE, HI_REFERENCE, MESSAGES_HI } from '../../contract/messages/hi.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'सोसाइटी का अनुरोध सफलतापूर्वक भेज दिया गया है।';

export const hi: WidgetMessages = {
  lang: 'hi',
  society: {
    heading: 'अपनी सोसाइटी रजिस्टर करें',
    intro: 'बस 2 मिनट लगते हैं। हम 24 घंटे के भीतर सब कुछ सेट कर देते हैं — हमेशा के लिए मुफ्त।',
    fields: {
      name: { label: 'आपका नाम *', placeholder: 'अपना पूरा नाम लिखें' },
      email: { label: 'ईमेल *', placeholder: 'you@example.com' },
      phone: { label: 'फोन *', placeholder: '+91 98765 43210' },
      societyName: { label: 'सोसाइटी का नाम *', placeholder: 'जैसे ग्रीन वैली अपार्टमेंट्स' },
      city: { label: 'शहर *', placeholder: 'जैसे पुणे' },
      position: { label: 'पद (वैकल्पिक)', placeholder: 'जैसे सचिव' },
    },
    submit: 'सोसाइटी मुफ्त में रजिस्टर करें',
    submitting: 'भेजा जा रहा है...',
    successTitle: 'रजिस्ट्रेशन हो गया!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_HI.societyStored,
    failureTitle: 'रजिस्ट्रेशन नहीं हो सका',
    failureFallback: MESSAGES_HI.generic,
    networkError: 'नेटवर्क में दिक्कत है। कृपया अपना इंटरनेट कनेक्शन जाँचकर फिर से कोशिश करें।',
    again: 'एक और सोसाइटी रजिस्टर करें',
  },
  career: {
    heading: 'अभी आवेदन करें',
    intro: 'अपने बारे में बताएँ, और यह भी कि आप किस भूमिका में काम करना चाहते हैं।',
    fields: {
      fullName: { label: 'पूरा नाम *', placeholder: 'अपना पूरा नाम लिखें' },
      email: { label: 'ईमेल *', placeholder: 'you@example.com' },
      phone: { label: 'फोन *', placeholder: '+91 98765 43210' },
      college: { label: 'कॉलेज / यूनिवर्सिटी *', placeholder: 'आपका कॉलेज या यूनिवर्सिटी' },
      course: { label: 'कोर्स *', placeholder: 'अपना कोर्स चुनें' },
      yearOfStudy: { label: 'पढ़ाई का साल *', placeholder: 'जैसे तीसरा साल या ग्रेजुएट' },
      areaOfInterest: { label: 'पसंदीदा भूमिका *', placeholder: 'अपनी पसंदीदा भूमिका चुनें' },
      whyJoin: { label: 'आप हमारे साथ क्यों जुड़ना चाहते हैं? *', placeholder: 'बताएँ कि इस भूमिका में आपको क्या सबसे ज्यादा उत्साहित करता है' },
    },
    courses: HI_CHOICES.courses,
    roles: HI_CHOICES.roles,
    submit: 'आवेदन भेजें',
    successTitle: 'आवेदन भेज दिया गया!',
    successDescription: 'आवेदन करने के लिए धन्यवाद! हमारी टीम आपका आवेदन देखेगी और जल्द ही आपसे संपर्क करेगी।',
    errorTitle: 'गड़बड़ी',
    errorDescription: 'आपका आवेदन भेजते समय कोई गड़बड़ी हुई। कृपया फिर से कोशिश करें।',
    again: 'एक और आवेदन भेजें',
    cv: {
      label: 'CV / रिज्यूमे (वैकल्पिक)',
      hint: (mb) => `PDF, DOC या DOCX, ज्यादा से ज्यादा ${mb} MB`,
      remove: 'हटाएँ',
      removed: 'CV हटा दिया गया।',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: HI_NOTICE,
  waiting: {
    title: 'इस फोन पर सेव है',
    message: 'हम अपनी सेवा तक नहीं पहुँच सके। आपकी जानकारी इस फोन पर सेव है और इंटरनेट वापस आते ही अपने-आप भेज दी जाएगी।',
    sendNow: 'अभी भेजें',
    sending: 'भेजा जा रहा है...',
    discard: 'हटाएँ',
  },
  reference: HI_REFERENCE,
  formPost: {
    honeypot: 'खाली छोड़ें',
    problemTitle: 'एक समस्या है',
    errorPrefix: 'गड़बड़ी: ',
  },
  dismissToast: 'नोटिफिकेशन बंद करें',
  service: MESSAGES_HI,
};
