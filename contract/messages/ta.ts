/**
 * The Tamil twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: ta`, and what a Tamil form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Tamil chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_TA: LeadMessages = {
  societyStored:
    'உங்கள் சொசைட்டி கோரிக்கை வெற்றிகரமாக அனுப்பப்பட்டது. உங்கள் சொசைட்டியை அமைக்க 24 மணி நேரத்துக்குள் உங்களைத் தொடர்புகொள்வோம்.',
  careerStored: 'உங்கள் விண்ணப்பம் கிடைத்தது. எங்கள் குழு அதைப் பார்த்துவிட்டு விரைவில் உங்களைத் தொடர்புகொள்ளும்.',
  notObject: 'படிவத்தின் புலங்களை ஒரு JSON ஆப்ஜெக்டாக அனுப்பவும்.',
  emptyBody: 'கோரிக்கை காலியாக இருந்தது. படிவத்தை நிரப்பி மீண்டும் முயலவும்.',
  invalidJson: 'கோரிக்கையைப் படிக்க முடியவில்லை. படிவத்தை மீண்டும் அனுப்பவும்.',
  tooLarge: 'படிவம் அனுப்ப முடியாத அளவுக்குப் பெரிதாக உள்ளது. உங்கள் பதில்களைச் சுருக்கி மீண்டும் முயலவும்.',
  cvTooLarge: (mb: number) => `CV ${mb} MB-ஐ விடப் பெரியது. சிறிய கோப்பை இணைக்கவும்.`,
  cvType: 'CV ஒரு PDF, DOC அல்லது DOCX கோப்பாக இருக்க வேண்டும்.',
  cvUnknown: 'இணைத்த CV கிடைக்கவில்லை (விண்ணப்பம் அனுப்பப்படும் வரை கோப்பு 24 மணி நேரம் வைக்கப்படும்). மீண்டும் இணைக்கவும்.',
  cvTooMany: 'கடந்த ஒரு மணி நேரத்தில் உங்கள் இணைப்பிலிருந்து அதிகமான CV-கள் அனுப்பப்பட்டுள்ளன. CV இல்லாமல் விண்ணப்பத்தை அனுப்புங்கள், அல்லது ஒரு மணி நேரம் கழித்து மீண்டும் முயலுங்கள்.',
  cvStorageFull: 'இப்போது மேலும் CV-களை எங்களால் ஏற்க முடியவில்லை. CV இல்லாமல் விண்ணப்பத்தை அனுப்புங்கள்; எங்கள் குழு உங்களிடம் CV-ஐக் கேட்கும்.',
  unsupportedType:
    'படிவத்தை JSON ஆக (Content-Type: application/json) அல்லது வலைப் படிவமாக (application/x-www-form-urlencoded) அனுப்பவும்.',
  tooManyRequests: 'மிக அதிகமான கோரிக்கைகள் வந்துள்ளன. ஒரு நிமிடம் காத்திருந்து மீண்டும் முயலவும்.',
  tooManyWithoutProof:
    'உங்கள் இணைப்பிலிருந்து JavaScript இல்லாமல் மிக அதிகமான படிவங்கள் அனுப்பப்பட்டுள்ளன. JavaScript-ஐ இயக்கவும், அல்லது ஒரு மணி நேரம் காத்திருந்து மீண்டும் முயலவும்.',
  originRefused:
    'இந்த இணையதளம் எங்களுக்குப் பதிவுகளை அனுப்பும்படி அமைக்கப்படவில்லை, அதனால் உங்கள் விவரங்கள் அனுப்பப்படவில்லை. சொசைட்டியையோ இணையதள உரிமையாளரையோ நேரடியாகத் தொடர்புகொள்ளவும்.',
  invalidPartner:
    'இந்தப் படிவத்தின் பார்ட்னர் அடையாளம் சரியில்லை (1 முதல் 40 வரை சிறிய ஆங்கில எழுத்துகள், எண்கள் அல்லது இணைப்புக்கோடுகள்). இணையதள உரிமையாளரிடம் தெரிவிக்கவும்.',
  notFound: 'இந்த முகவரிக்கு அனுப்ப எதுவும் இல்லை.',
  methodNotAllowed: 'இந்த முகவரி POST கோரிக்கைகளை மட்டுமே ஏற்கும்.',
  labels: {
    name: 'பெயர்',
    email: 'மின்னஞ்சல்',
    phone: 'தொலைபேசி எண்',
    societyName: 'சொசைட்டியின் பெயர்',
    city: 'நகரம்',
    position: 'பதவி',
    college: 'கல்லூரி',
    course: 'படிப்பு',
    yearOfStudy: 'படிக்கும் ஆண்டு',
    areaOfInterest: 'விரும்பும் பணி',
    message: 'செய்தி',
  },
  required: (label) => `${label} கட்டாயம் தேவை.`,
  notText: (label) => `${label} உரையாக இருக்க வேண்டும்.`,
  tooLong: (label, max) => `${label} அதிகபட்சம் ${max} எழுத்துகள் மட்டுமே இருக்கலாம்.`,
  forbiddenCharacters: (label) => `${label} ஏற்கப்படாத எழுத்துகளைக் கொண்டுள்ளது.`,
  invalidEmail: 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்.',
  invalidPhone: 'சரியான தொலைபேசி எண்ணை உள்ளிடவும்.',
  invalidChoice: {
    course: 'பட்டியலிலிருந்து உங்கள் படிப்பைத் தேர்ந்தெடுக்கவும்.',
    areaOfInterest: 'பட்டியலிலிருந்து நீங்கள் விரும்பும் பணியைத் தேர்ந்தெடுக்கவும்.',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `படிவத்தில் எதிர்பாராத புலம் உள்ளது: ${plain.join(', ')}.` : 'படிவத்தில் எதிர்பாராத புலங்கள் உள்ளன.';
  },
  invalidIdempotencyKey:
    'Idempotency-Key தலைப்பில் 16 முதல் 64 வரை ஆங்கில எழுத்துகள், எண்கள், இணைப்புக்கோடுகள் அல்லது அடிக்கோடுகள் இருக்க வேண்டும்.',
  idempotencyKeyReused:
    'இந்த Idempotency-Key ஏற்கெனவே வேறொரு படிவத்துக்குப் பயன்படுத்தப்பட்டுவிட்டது. புதிய படிவத்தைப் புதிய key உடன் அனுப்பவும்.',
  unavailable: 'உங்கள் கோரிக்கையை இப்போது சேமிக்க முடியவில்லை. சிறிது நேரம் கழித்து மீண்டும் முயலவும்.',
  generic: 'ஏதோ தவறு நடந்துவிட்டது. மீண்டும் முயலவும்.',
  invalidVitals: (detail) => `vitals பீக்கன் சரியில்லை: ${detail}`,
};

/** The collection notice in Tamil: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const TA_NOTICE: NoticeText = {
  heading: 'உங்கள் விவரங்களை நாங்கள் எப்படிப் பயன்படுத்துகிறோம்',
  stop: '.',
  collected: {
    society: 'உங்கள் பெயர், மின்னஞ்சல், தொலைபேசி எண், சொசைட்டியின் பெயர், நகரம், நீங்கள் தந்தால் உங்கள் பதவி ஆகியவற்றைப் பெறுகிறோம்.',
    career: 'உங்கள் பெயர், மின்னஞ்சல், தொலைபேசி எண், கல்லூரி, படிப்பு, படிக்கும் ஆண்டு, விரும்பும் பணி, உங்கள் செய்தி, (இணைத்தால்) உங்கள் CV ஆகியவற்றைப் பெறுகிறோம்.',
  },
  purpose: {
    society: 'உங்கள் சொசைட்டிக்கு ஆப்பை அமைப்பது பற்றி உங்களைத் தொடர்புகொள்ள மட்டுமே இவற்றைப் பயன்படுத்துகிறோம். இந்தப் படிவத்தை அனுப்புவதன் மூலம் இதற்கு ஒப்புக்கொள்கிறீர்கள்.',
    career: 'உங்கள் விண்ணப்பத்தைப் பரிசீலித்து, அது பற்றி உங்களைத் தொடர்புகொள்ள மட்டுமே இவற்றைப் பயன்படுத்துகிறோம். இந்தப் படிவத்தை அனுப்புவதன் மூலம் இதற்கு ஒப்புக்கொள்கிறீர்கள்.',
  },
  retention: (period) => `அனுப்பிய பிறகு இவற்றை ${period} வைத்திருந்து, பின்னர் அழித்துவிடுகிறோம்.`,
  device: (days) =>
    `நீங்கள் அனுப்பும் வரை இவை இந்தச் சாதனத்திலேயே இருக்கும் (${days} நாட்கள் வரை); நீங்கள் வந்த இணைப்பின் பிரச்சாரம் இந்தத் தாவலில் இருக்கும்.`,
  withdraw: (email) =>
    `எப்போது வேண்டுமானாலும் உங்கள் ஒப்புதலைத் திரும்பப் பெறலாம், அல்லது உங்கள் தரவைப் பார்க்க, திருத்த அல்லது அழிக்கக் கேட்கலாம்: ${email} முகவரிக்கு எழுதுங்கள்.`,
  link: 'முழு தனியுரிமை அறிவிப்பைப் படிக்கவும்',
  newTab: 'புதிய தாவலில் திறக்கும்',
  period: { month: 'மாதம்', months: 'மாதங்கள்', day: 'நாள்', days: 'நாட்கள்' },
  inYourLanguage: 'இதை உங்கள் மொழியில் படிக்கவும்',
};

/** The visible Tamil text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const TA_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'மற்றவை' },
  roles: {
    'tech-intern': 'தொழில்நுட்ப இன்டர்ன்',
    'marketing-sales-intern': 'மார்க்கெட்டிங் & விற்பனை இன்டர்ன்',
    'member-technical-staff': 'தொழில்நுட்பக் குழு உறுப்பினர்',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const TA_REFERENCE = { label: 'உங்கள் குறிப்பு எண்', hint: 'எங்களை அழைக்கும்போதோ எழுதும்போதோ இதைக் குறிப்பிடுங்கள்.' };
