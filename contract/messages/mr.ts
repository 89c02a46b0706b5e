/**
 * The Marathi twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: mr`, and what a Marathi form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Marathi chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_MR: LeadMessages = {
  societyStored:
    'सोसायटीची विनंती यशस्वीपणे पाठवली आहे. आम्ही 24 तासांच्या आत तुमच्याशी संपर्क साधून तुमच्या सोसायटीसाठी सेटअप करू.',
  careerStored: 'तुमचा अर्ज आम्हाला मिळाला आहे. आमची टीम तो पाहून लवकरच तुमच्याशी संपर्क साधेल.',
  notObject: 'कृपया फॉर्मचे फील्ड JSON ऑब्जेक्ट म्हणून पाठवा.',
  emptyBody: 'विनंती रिकामी होती. कृपया फॉर्म भरून पुन्हा प्रयत्न करा.',
  invalidJson: 'विनंती वाचता आली नाही. कृपया फॉर्म पुन्हा पाठवा.',
  tooLarge: 'पाठवण्यासाठी फॉर्म खूप मोठा आहे. कृपया तुमची उत्तरे थोडक्यात लिहून पुन्हा प्रयत्न करा.',
  cvTooLarge: (mb: number) => `CV ${mb} MB पेक्षा मोठा आहे. कृपया लहान फाइल जोडा.`,
  cvType: 'CV ही PDF, DOC किंवा DOCX फाइल असावी.',
  cvUnknown: 'जोडलेला CV सापडला नाही (अर्ज पाठवेपर्यंत फाइल 24 तास ठेवली जाते). कृपया तो पुन्हा जोडा.',
  cvTooMany: 'गेल्या एका तासात तुमच्या कनेक्शनवरून खूप CV पाठवले गेले आहेत. कृपया CV शिवाय अर्ज पाठवा, किंवा एका तासाने पुन्हा प्रयत्न करा.',
  cvStorageFull: 'आत्ता आम्ही आणखी CV घेऊ शकत नाही. कृपया CV शिवाय अर्ज पाठवा; आमची टीम तुमच्याकडून CV मागून घेईल.',
  unsupportedType: 'कृपया फॉर्म JSON (Content-Type: application/json) किंवा वेब फॉर्म (application/x-www-form-urlencoded) म्हणून पाठवा.',
  tooManyRequests: 'खूप विनंत्या आल्या आहेत. कृपया एक मिनिट थांबून पुन्हा प्रयत्न करा.',
  tooManyWithoutProof: 'तुमच्या कनेक्शनवरून JavaScript शिवाय खूप फॉर्म पाठवले गेले आहेत. कृपया JavaScript चालू करा, किंवा एक तास थांबून पुन्हा प्रयत्न करा.',
  originRefused:
    'ही वेबसाइट आम्हाला नोंदणी पाठवण्यासाठी सेट केलेली नाही, म्हणून तुमची माहिती पाठवली गेली नाही. कृपया थेट सोसायटीशी किंवा वेबसाइटच्या मालकाशी संपर्क साधा.',
  invalidPartner:
    'या फॉर्मचा पार्टनर आयडी बरोबर नाही (1 ते 40 लहान इंग्रजी अक्षरे, अंक किंवा हायफन). कृपया वेबसाइटच्या मालकाला कळवा.',
  notFound: 'या पत्त्यावर पाठवण्यासारखे काही नाही.',
  methodNotAllowed: 'हा पत्ता फक्त POST विनंत्या स्वीकारतो.',
  labels: {
    name: 'नाव',
    email: 'ईमेल',
    phone: 'फोन नंबर',
    societyName: 'सोसायटीचे नाव',
    city: 'शहर',
    position: 'पद',
    college: 'कॉलेज',
    course: 'कोर्स',
    yearOfStudy: 'शिक्षणाचे वर्ष',
    areaOfInterest: 'आवडती भूमिका',
    message: 'संदेश',
  },
  required: (label) => `${label} भरणे आवश्यक आहे.`,
  notText: (label) => `${label} मजकूर असायला हवा.`,
  tooLong: (label, max) => `${label} जास्तीत जास्त ${max} अक्षरांचे असू शकते.`,
  forbiddenCharacters: (label) => `${label} मध्ये न स्वीकारली जाणारी अक्षरे आहेत.`,
  invalidEmail: 'कृपया योग्य ईमेल पत्ता लिहा.',
  invalidPhone: 'कृपया योग्य फोन नंबर लिहा.',
  invalidChoice: {
    course: 'कृपया यादीतून तुमचा कोर्स निवडा.',
    areaOfInterest: 'कृपया यादीतून तुमची आवडती भूमिका निवडा.',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `फॉर्ममध्ये एक अनपेक्षित फील्ड आहे: ${plain.join(', ')}.` : 'फॉर्ममध्ये अनपेक्षित फील्ड आहेत.';
  },
  invalidIdempotencyKey: 'Idempotency-Key हेडरमध्ये 16 ते 64 इंग्रजी अक्षरे, अंक, हायफन किंवा अंडरस्कोर असायला हवेत.',
  idempotencyKeyReused:
    'ही Idempotency-Key आधीच दुसऱ्या फॉर्मसाठी वापरली गेली आहे. नवीन फॉर्म नवीन key सोबत पाठवा.',
  unavailable: 'आम्ही आत्ता तुमची विनंती सेव्ह करू शकलो नाही. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.',
  generic: 'काहीतरी चुकले. कृपया पुन्हा प्रयत्न करा.',
  invalidVitals: (detail) => `vitals बीकन बरोबर नाही: ${detail}`,
};

/** The collection notice in Marathi: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const MR_NOTICE: NoticeText = {
  heading: 'आम्ही तुमची माहिती कशी वापरतो',
  stop: '.',
  collected: {
    society: 'आम्ही तुमचे नाव, ईमेल, फोन नंबर, सोसायटीचे नाव, शहर आणि (तुम्ही दिल्यास) तुमचे पद घेतो.',
    career: 'आम्ही तुमचे नाव, ईमेल, फोन नंबर, कॉलेज, कोर्स, शिक्षणाचे वर्ष, आवडती भूमिका, तुमचा संदेश आणि (जोडल्यास) तुमचा CV घेतो.',
  },
  purpose: {
    society: 'ही माहिती आम्ही फक्त तुमच्या सोसायटीसाठी ॲप सुरू करण्याबाबत तुमच्याशी संपर्क साधण्यासाठी वापरतो. हा फॉर्म पाठवून तुम्ही याला संमती देता.',
    career: 'ही माहिती आम्ही फक्त तुमचा अर्ज पाहण्यासाठी आणि त्याबाबत तुमच्याशी संपर्क साधण्यासाठी वापरतो. हा फॉर्म पाठवून तुम्ही याला संमती देता.',
  },
  retention: (period) => `पाठवल्यानंतर आम्ही ही माहिती ${period} ठेवतो, नंतर ती पुसून टाकतो.`,
  device: (days) => `पाठवेपर्यंत ही माहिती याच डिव्हाइसवर राहते (${days} दिवसांपर्यंत), आणि तुम्ही ज्या लिंकवरून आलात तिची मोहीम या टॅबमध्ये राहते.`,
  withdraw: (email) => `${email} वर लिहून तुम्ही कधीही तुमची संमती मागे घेऊ शकता, किंवा तुमची माहिती पाहण्याची, दुरुस्त करण्याची किंवा पुसून टाकण्याची मागणी करू शकता.`,
  link: 'संपूर्ण गोपनीयता सूचना वाचा',
  newTab: 'नवीन टॅबमध्ये उघडते',
  period: { month: 'महिना', months: 'महिने', day: 'दिवस', days: 'दिवस' },
  inYourLanguage: 'हे तुमच्या भाषेत वाचा',
};

/** The visible Marathi text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const MR_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'इतर' },
  roles: {
    'tech-intern': 'टेक इंटर्न',
    'marketing-sales-intern': 'मार्केटिंग आणि सेल्स इंटर्न',
    'member-technical-staff': 'मेंबर ऑफ टेक्निकल स्टाफ',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const MR_REFERENCE = { label: 'तुमचा संदर्भ क्रमांक', hint: 'आम्हाला फोन करताना किंवा लिहिताना तो सांगा.' };
