/**
 * The widgets' texts in Tamil, for Tamil readers: plain Tamil, with the few loan words
 * Tamil speakers use (ஆப், சொசைட்டி). A chunk of its own, loaded only for a form in
 * Tamil. Course and role VALUES never change; only their visible text does.
 */
import { MESSAGES_TA, TA_CHOICES, TA_NOTICE, TA_REFERENCE } from '../../contract/messages/ta.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'உங்கள் சொசைட்டி கோரிக்கை வெற்றிகரமாக அனுப்பப்பட்டது.';

export const ta: WidgetMessages = {
  lang: 'ta',
  society: {
    heading: 'உங்கள் சொசைட்டியைப் பதிவு செய்யுங்கள்',
    intro: '2 நிமிடங்களே ஆகும். 24 மணி நேரத்துக்குள் அனைத்தையும் அமைத்துத் தருகிறோம் — என்றென்றும் இலவசம்.',
    fields: {
      name: { label: 'உங்கள் பெயர் *', placeholder: 'உங்கள் முழுப் பெயரை உள்ளிடவும்' },
      email: { label: 'மின்னஞ்சல் *', placeholder: 'you@example.com' },
      phone: { label: 'தொலைபேசி *', placeholder: '+91 98765 43210' },
      societyName: { label: 'சொசைட்டியின் பெயர் *', placeholder: 'எ.கா: கிரீன் வேலி அபார்ட்மென்ட்ஸ்' },
      city: { label: 'நகரம் *', placeholder: 'எ.கா: சென்னை' },
      position: { label: 'பதவி (விருப்பத்தேர்வு)', placeholder: 'எ.கா: செயலாளர்' },
    },
    submit: 'சொசைட்டியை இலவசமாகப் பதிவு செய்யுங்கள்',
    submitting: 'அனுப்பப்படுகிறது...',
    successTitle: 'பதிவு வெற்றிகரமாக முடிந்தது!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_TA.societyStored,
    failureTitle: 'பதிவு தோல்வியடைந்தது',
    failureFallback: MESSAGES_TA.generic,
    networkError: 'இணைய இணைப்பில் சிக்கல். உங்கள் இணைப்பைச் சரிபார்த்து மீண்டும் முயலவும்.',
    again: 'இன்னொரு சொசைட்டியைப் பதிவு செய்யுங்கள்',
  },
  career: {
    heading: 'இப்போதே விண்ணப்பியுங்கள்',
    intro: 'உங்களைப் பற்றியும், நீங்கள் விரும்பும் பணியைப் பற்றியும் சொல்லுங்கள்.',
    fields: {
      fullName: { label: 'முழுப் பெயர் *', placeholder: 'உங்கள் முழுப் பெயரை உள்ளிடவும்' },
      email: { label: 'மின்னஞ்சல் *', placeholder: 'you@example.com' },
      phone: { label: 'தொலைபேசி *', placeholder: '+91 98765 43210' },
      college: { label: 'கல்லூரி / பல்கலைக்கழகம் *', placeholder: 'உங்கள் கல்லூரி அல்லது பல்கலைக்கழகம்' },
      course: { label: 'படிப்பு *', placeholder: 'உங்கள் படிப்பைத் தேர்ந்தெடுக்கவும்' },
      yearOfStudy: { label: 'படிக்கும் ஆண்டு *', placeholder: 'எ.கா: 3-ஆம் ஆண்டு அல்லது பட்டம் பெற்றவர்' },
      areaOfInterest: { label: 'விருப்பமான துறை *', placeholder: 'நீங்கள் விரும்பும் பணியைத் தேர்ந்தெடுக்கவும்' },
      whyJoin: { label: 'எங்களுடன் ஏன் இணைய விரும்புகிறீர்கள்? *', placeholder: 'இந்தப் பணியில் உங்களை ஈர்ப்பது எது என்று சொல்லுங்கள்' },
    },
    courses: TA_CHOICES.courses,
    roles: TA_CHOICES.roles,
    submit: 'விண்ணப்பத்தை அனுப்புங்கள்',
    successTitle: 'விண்ணப்பம் அனுப்பப்பட்டது!',
    successDescription: 'விண்ணப்பித்ததற்கு நன்றி! எங்கள் குழு உங்கள் விண்ணப்பத்தைப் பார்த்துவிட்டு விரைவில் உங்களைத் தொடர்புகொள்ளும்.',
    errorTitle: 'பிழை',
    errorDescription: 'உங்கள் விண்ணப்பத்தை அனுப்பும்போது பிழை ஏற்பட்டது. மீண்டும் முயலவும்.',
    again: 'இன்னொரு விண்ணப்பம் அனுப்புங்கள்',
    cv: {
      label: 'CV / சுயவிவரம் (விருப்பத்தேர்வு)',
      hint: (mb) => `PDF, DOC அல்லது DOCX, அதிகபட்சம் ${mb} MB`,
      remove: 'நீக்குங்கள்',
      removed: 'CV நீக்கப்பட்டது.',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: TA_NOTICE,
  waiting: {
    title: 'இந்தத் தொலைபேசியில் சேமிக்கப்பட்டது',
    message:
      'எங்கள் சேவையை அடைய முடியவில்லை. உங்கள் விவரங்கள் இந்தத் தொலைபேசியில் சேமிக்கப்பட்டுள்ளன; இணையம் மீண்டும் கிடைத்ததும் தானாகவே அனுப்பப்படும்.',
    sendNow: 'இப்போதே அனுப்புங்கள்',
    sending: 'அனுப்பப்படுகிறது...',
    discard: 'நீக்குங்கள்',
  },
  reference: TA_REFERENCE,
  formPost: {
    honeypot: 'காலியாக விடவும்',
    problemTitle: 'ஒரு சிக்கல் உள்ளது',
    errorPrefix: 'பிழை: ',
  },
  dismissToast: 'அறிவிப்பை மூடுங்கள்',
  service: MESSAGES_TA,
};
