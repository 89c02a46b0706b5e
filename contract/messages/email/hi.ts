/** The emails to the person who sent a form, in Hindi: the same texts as en.ts, for Indian readers. */
import { HI_CHOICES, HI_REFERENCE } from '../hi.ts';
import type { PersonEmailText } from './types.ts';

export const EMAIL_HI: PersonEmailText = {
  acknowledgement: {
    subject: {
      society: (reference) => `आपका सोसाइटी रजिस्ट्रेशन: रेफरेंस नंबर ${reference}`,
      career: (reference) => `आपका आवेदन: रेफरेंस नंबर ${reference}`,
    },
    received: {
      society: (brand) => `${brand} पर अपनी सोसाइटी रजिस्टर करने के लिए धन्यवाद। आपकी जानकारी हमें मिल गई है।`,
      career: (brand) => `${brand} में आवेदन करने के लिए धन्यवाद। आपका आवेदन हमें मिल गया है।`,
    },
    greeting: 'नमस्ते,',
    nextHeading: 'आगे क्या होगा',
    next: {
      society: 'हम 24 घंटे के भीतर आपको फोन करके आपकी सोसाइटी के लिए ऐप सेट करेंगे।',
      career: 'हमारी टीम आपका आवेदन देखेगी और ईमेल या फोन से आपको जवाब देगी।',
    },
    notYou: 'यह आपने नहीं भेजा? तो किसी ने गलती से आपका ईमेल पता लिख दिया है: इस ईमेल का जवाब दें, हम वह जानकारी मिटा देंगे।',
  },
  outcome: {
    subject: {
      offer: (reference) => `आपका आवेदन ${reference}: ऑफर`,
      'not-selected': (reference) => `आपका आवेदन ${reference}`,
    },
    body: {
      offer: (role) => [
        `${role} की भूमिका के लिए आवेदन करने के लिए धन्यवाद। हमें यह बताते हुए खुशी है कि हम यह भूमिका आपको देना चाहते हैं।`,
        'कुछ ही दिनों में हम आपको फोन करके या लिखकर पूरी जानकारी और आगे के कदम बताएँगे। अगर तब तक आपका कोई सवाल हो, तो इस ईमेल का जवाब दें।',
      ],
      'not-selected': (role) => [
        `${role} की भूमिका के लिए आवेदन करने और इसमें अपना समय देने के लिए धन्यवाद।`,
        'हमने आपका आवेदन ध्यान से देखा है, और इस बार हम इसे आगे नहीं बढ़ा रहे हैं। आगे के लिए हमारी शुभकामनाएँ।',
      ],
    },
  },
  greeting: (name) => `नमस्ते ${name} जी,`,
  reference: HI_REFERENCE,
  sent: {
    at: (date, time) => `${date} को ${time} बजे (IST) भेजा गया।`,
  },
  rights: {
    heading: 'आपकी जानकारी और आपके अधिकार',
    how: (email, reference) =>
      `आप कभी भी अपनी सहमति वापस ले सकते हैं, या अपनी जानकारी देखने, सुधारने या मिटाने के लिए कह सकते हैं: इस ईमेल का जवाब दें, या ${email} पर लिखें और ${reference} बताएँ।`,
    retention: (period) => `भेजने के बाद हम आपकी जानकारी ${period} तक रखते हैं, फिर मिटा देते हैं।`,
    privacy: 'हम आपकी जानकारी का इस्तेमाल कैसे करते हैं, और आपके अधिकार:',
    actions: { withdraw: 'मेरी सहमति वापस लें', access: 'मेरी जानकारी दिखाएँ', correct: 'मेरी जानकारी सुधारें', erase: 'मेरी जानकारी मिटाएँ' },
  },
  grievance: (name, email, phone) =>
    `अगर आपको अपनी जानकारी के इस्तेमाल को लेकर कोई शिकायत है, तो हमारे शिकायत अधिकारी (Grievance Officer) ${name} जी से संपर्क करें: ${email}, ${phone}।`,
  automatic: 'यह ईमेल अपने-आप भेजा गया है। इसका जवाब हमारी टीम तक पहुँचता है।',
  signature: (brand) => `${brand} टीम`,
  choices: { course: HI_CHOICES.courses, areaOfInterest: HI_CHOICES.roles },
};
