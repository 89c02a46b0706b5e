/**
 * The Hindi twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: hi`, and what a Hindi form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Hindi chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_HI: LeadMessages = {
  societyStored:
    'सोसाइटी का अनुरोध सफलतापूर्वक भेज दिया गया है। हम 24 घंटे के भीतर आपसे संपर्क करके आपकी सोसाइटी का सेटअप करेंगे।',
  careerStored: 'आपका आवेदन मिल गया है। हमारी टीम इसे देखकर जल्द ही आपसे संपर्क करेगी।',
  notObject: 'कृपया फॉर्म के फील्ड JSON ऑब्जेक्ट के रूप में भेजें।',
  emptyBody: 'अनुरोध खाली था। कृपया फॉर्म भरकर फिर से कोशिश करें।',
  invalidJson: 'अनुरोध पढ़ा नहीं जा सका। कृपया फॉर्म फिर से भेजें।',
  tooLarge: 'फॉर्म भेजने के लिए बहुत बड़ा है। कृपया अपने जवाब छोटे करके फिर से कोशिश करें।',
  cvTooLarge: (mb: number) => `CV ${mb} MB से बड़ा है। कृपया छोटी फाइल लगाएँ।`,
  cvType: 'CV एक PDF, DOC या DOCX फाइल होनी चाहिए।',
  cvUnknown: 'लगाया गया CV नहीं मिला (आवेदन भेजे जाने तक फाइल 24 घंटे रखी जाती है)। कृपया इसे फिर से लगाएँ।',
  cvTooMany: 'पिछले एक घंटे में आपके कनेक्शन से बहुत सारे CV भेजे जा चुके हैं। कृपया अपना आवेदन बिना CV के भेजें, या एक घंटे बाद फिर से कोशिश करें।',
  cvStorageFull: 'अभी हम और CV नहीं ले सकते। कृपया अपना आवेदन बिना CV के भेजें; हमारी टीम आपसे CV माँग लेगी।',
  unsupportedType: 'कृपया फॉर्म JSON (Content-Type: application/json) या वेब फॉर्म (application/x-www-form-urlencoded) के रूप में भेजें।',
  tooManyRequests: 'बहुत सारे अनुरोध आ चुके हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  tooManyWithoutProof: 'आपके कनेक्शन से बिना JavaScript के बहुत सारे फॉर्म भेजे जा चुके हैं। कृपया JavaScript चालू करें, या एक घंटा रुककर फिर से कोशिश करें।',
  originRefused:
    'यह वेबसाइट हमें रजिस्ट्रेशन भेजने के लिए सेट नहीं है, इसलिए आपकी जानकारी नहीं भेजी गई। कृपया सीधे सोसाइटी या वेबसाइट के मालिक से संपर्क करें।',
  invalidPartner:
    'इस फॉर्म की पार्टनर आईडी सही नहीं है (1 से 40 तक छोटे अंग्रेजी अक्षर, अंक या हाइफन)। कृपया वेबसाइट के मालिक को बताएँ।',
  notFound: 'इस पते पर भेजने के लिए कुछ नहीं है।',
  methodNotAllowed: 'यह पता सिर्फ POST अनुरोध लेता है।',
  labels: {
    name: 'नाम',
    email: 'ईमेल',
    phone: 'फोन नंबर',
    societyName: 'सोसाइटी का नाम',
    city: 'शहर',
    position: 'पद',
    college: 'कॉलेज',
    course: 'कोर्स',
    yearOfStudy: 'पढ़ाई का साल',
    areaOfInterest: 'पसंदीदा भूमिका',
    message: 'संदेश',
  },
  required: (label) => `${label} भरना जरूरी है।`,
  notText: (label) => `${label} टेक्स्ट होना चाहिए।`,
  tooLong: (label, max) => `${label} ज्यादा से ज्यादा ${max} अक्षरों का हो सकता है।`,
  forbiddenCharacters: (label) => `${label} में ऐसे अक्षर हैं जो स्वीकार नहीं किए जाते।`,
  invalidEmail: 'कृपया सही ईमेल पता डालें।',
  invalidPhone: 'कृपया सही फोन नंबर डालें।',
  invalidChoice: {
    course: 'कृपया सूची में से अपना कोर्स चुनें।',
    areaOfInterest: 'कृपया सूची में से अपनी पसंदीदा भूमिका चुनें।',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `फॉर्म में एक अनचाहा फील्ड है: ${plain.join(', ')}।` : 'फॉर्म में अनचाहे फील्ड हैं।';
  },
  invalidIdempotencyKey: 'Idempotency-Key हेडर में 16 से 64 तक अंग्रेजी अक्षर, अंक, हाइफन या अंडरस्कोर होने चाहिए।',
  idempotencyKeyReused:
    'यह Idempotency-Key पहले किसी दूसरे फॉर्म के लिए इस्तेमाल हो चुकी है। नया फॉर्म नई key के साथ भेजें।',
  unavailable: 'हम अभी आपका अनुरोध सेव नहीं कर सके। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
  generic: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  invalidVitals: (detail) => `vitals बीकन सही नहीं है: ${detail}`,
};

/** The collection notice in Hindi: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const HI_NOTICE: NoticeText = {
  heading: 'हम आपकी जानकारी का इस्तेमाल कैसे करते हैं',
  stop: '।',
  collected: {
    society: 'हम आपका नाम, ईमेल, फोन नंबर, सोसाइटी का नाम, शहर और (अगर आप बताएँ तो) आपका पद लेते हैं।',
    career: 'हम आपका नाम, ईमेल, फोन नंबर, कॉलेज, कोर्स, पढ़ाई का साल, पसंदीदा भूमिका, आपका संदेश और (अगर आप लगाएँ) आपका CV लेते हैं।',
  },
  purpose: {
    society: 'इनका इस्तेमाल हम सिर्फ आपकी सोसाइटी के लिए ऐप सेट करने के बारे में आपसे संपर्क करने के लिए करते हैं। यह फॉर्म भेजकर आप इसके लिए सहमति देते हैं।',
    career: 'इनका इस्तेमाल हम सिर्फ आपका आवेदन देखने और उसके बारे में आपसे संपर्क करने के लिए करते हैं। यह फॉर्म भेजकर आप इसके लिए सहमति देते हैं।',
  },
  retention: (period) => `भेजने के बाद हम इन्हें ${period} तक रखते हैं, फिर मिटा देते हैं।`,
  device: (days) => `भेजने तक यह जानकारी इसी डिवाइस पर रहती है (ज्यादा से ज्यादा ${days} दिन), और आप जिस लिंक से आए, उसका कैंपेन इस टैब में रहता है।`,
  withdraw: (email) => `आप कभी भी अपनी सहमति वापस ले सकते हैं, या अपनी जानकारी देखने, सुधारने या मिटाने के लिए कह सकते हैं: बस ${email} पर लिखें।`,
  link: 'पूरी निजता सूचना पढ़ें',
  newTab: 'नए टैब में खुलता है',
  period: { month: 'महीना', months: 'महीने', day: 'दिन', days: 'दिन' },
  inYourLanguage: 'इसे अपनी भाषा में पढ़ें',
};

/** The visible Hindi text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const HI_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'अन्य' },
  roles: {
    'tech-intern': 'टेक इंटर्न',
    'marketing-sales-intern': 'मार्केटिंग और सेल्स इंटर्न',
    'member-technical-staff': 'मेंबर ऑफ टेक्निकल स्टाफ',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const HI_REFERENCE = { label: 'आपका रेफरेंस नंबर', hint: 'हमें फोन करते या लिखते समय इसे बताएँ।' };
