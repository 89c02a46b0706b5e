/**
 * The Telugu twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: te`, and what a Telugu form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Telugu chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_TE: LeadMessages = {
  societyStored:
    'సొసైటీ అభ్యర్థన విజయవంతంగా పంపబడింది. మీ సొసైటీని సెటప్ చేయడానికి 24 గంటల్లోగా మేము మిమ్మల్ని సంప్రదిస్తాము.',
  careerStored: 'మీ దరఖాస్తు అందింది. మా బృందం దాన్ని పరిశీలించి త్వరలోనే మిమ్మల్ని సంప్రదిస్తుంది.',
  notObject: 'దయచేసి ఫారమ్ వివరాలను JSON ఆబ్జెక్ట్‌గా పంపండి.',
  emptyBody: 'అభ్యర్థన ఖాళీగా ఉంది. దయచేసి ఫారమ్ నింపి మళ్లీ ప్రయత్నించండి.',
  invalidJson: 'అభ్యర్థనను చదవలేకపోయాము. దయచేసి ఫారమ్‌ను మళ్లీ పంపండి.',
  tooLarge: 'ఫారమ్ పంపడానికి చాలా పెద్దదిగా ఉంది. దయచేసి మీ సమాధానాలను కుదించి మళ్లీ ప్రయత్నించండి.',
  cvTooLarge: (mb: number) => `CV ${mb} MB కంటే పెద్దది. దయచేసి చిన్న ఫైల్‌ను జత చేయండి.`,
  cvType: 'CV తప్పనిసరిగా PDF, DOC లేదా DOCX ఫైల్ అయి ఉండాలి.',
  cvUnknown: 'జత చేసిన CV కనబడలేదు (దరఖాస్తు పంపే వరకు ఫైల్ 24 గంటలు ఉంచబడుతుంది). దయచేసి మళ్లీ జత చేయండి.',
  cvTooMany: 'గత ఒక గంటలో మీ కనెక్షన్ నుండి చాలా ఎక్కువ CVలు పంపబడ్డాయి. దయచేసి CV లేకుండా దరఖాస్తు పంపండి, లేదా ఒక గంట తర్వాత మళ్లీ ప్రయత్నించండి.',
  cvStorageFull: 'ప్రస్తుతం మేము ఇంకా CVలు తీసుకోలేము. దయచేసి CV లేకుండా దరఖాస్తు పంపండి; మా బృందం మిమ్మల్ని CV అడుగుతుంది.',
  unsupportedType: 'దయచేసి ఫారమ్‌ను JSON (Content-Type: application/json) లేదా వెబ్ ఫారమ్ (application/x-www-form-urlencoded) రూపంలో పంపండి.',
  tooManyRequests: 'చాలా ఎక్కువ అభ్యర్థనలు వచ్చాయి. దయచేసి ఒక నిమిషం ఆగి మళ్లీ ప్రయత్నించండి.',
  tooManyWithoutProof: 'మీ కనెక్షన్ నుండి JavaScript లేకుండా చాలా ఎక్కువ ఫారమ్‌లు పంపబడ్డాయి. దయచేసి JavaScript ఆన్ చేయండి, లేదా ఒక గంట ఆగి మళ్లీ ప్రయత్నించండి.',
  originRefused:
    'ఈ వెబ్‌సైట్ మాకు నమోదులు పంపేలా సెటప్ చేయబడలేదు, అందుకే మీ వివరాలు పంపబడలేదు. దయచేసి సొసైటీని లేదా వెబ్‌సైట్ యజమానిని నేరుగా సంప్రదించండి.',
  invalidPartner:
    'ఈ ఫారమ్ యొక్క పార్టనర్ ఐడీ సరైనది కాదు (1 నుండి 40 వరకు ఇంగ్లీష్ చిన్న అక్షరాలు, అంకెలు లేదా హైఫన్లు). దయచేసి వెబ్‌సైట్ యజమానికి తెలియజేయండి.',
  notFound: 'ఈ చిరునామాలో పంపడానికి ఏమీ లేదు.',
  methodNotAllowed: 'ఈ చిరునామా POST అభ్యర్థనలను మాత్రమే స్వీకరిస్తుంది.',
  labels: {
    name: 'పేరు',
    email: 'ఈమెయిల్',
    phone: 'ఫోన్ నంబర్',
    societyName: 'సొసైటీ పేరు',
    city: 'నగరం',
    position: 'హోదా',
    college: 'కళాశాల',
    course: 'కోర్సు',
    yearOfStudy: 'చదువుతున్న సంవత్సరం',
    areaOfInterest: 'ఇష్టమైన పాత్ర',
    message: 'సందేశం',
  },
  required: (label) => `${label} తప్పనిసరి.`,
  notText: (label) => `${label} అక్షరాల రూపంలో ఉండాలి.`,
  tooLong: (label, max) => `${label} గరిష్ఠంగా ${max} అక్షరాలు మాత్రమే ఉండాలి.`,
  forbiddenCharacters: (label) => `${label}లో అనుమతి లేని అక్షరాలు ఉన్నాయి.`,
  invalidEmail: 'దయచేసి సరైన ఈమెయిల్ చిరునామా ఇవ్వండి.',
  invalidPhone: 'దయచేసి సరైన ఫోన్ నంబర్ ఇవ్వండి.',
  invalidChoice: {
    course: 'దయచేసి జాబితా నుండి మీ కోర్సును ఎంచుకోండి.',
    areaOfInterest: 'దయచేసి జాబితా నుండి మీకు ఇష్టమైన పాత్రను ఎంచుకోండి.',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `ఫారమ్‌లో ఊహించని వివరం ఉంది: ${plain.join(', ')}.` : 'ఫారమ్‌లో ఊహించని వివరాలు ఉన్నాయి.';
  },
  invalidIdempotencyKey: 'Idempotency-Key హెడర్‌లో 16 నుండి 64 వరకు ఇంగ్లీష్ అక్షరాలు, అంకెలు, హైఫన్లు లేదా అండర్‌స్కోర్లు ఉండాలి.',
  idempotencyKeyReused:
    'ఈ Idempotency-Key ఇప్పటికే వేరే ఫారమ్ కోసం వాడబడింది. కొత్త ఫారమ్‌ను కొత్త key తో పంపండి.',
  unavailable: 'ప్రస్తుతం మీ అభ్యర్థనను సేవ్ చేయలేకపోయాము. దయచేసి కాసేపటి తర్వాత మళ్లీ ప్రయత్నించండి.',
  generic: 'ఏదో పొరపాటు జరిగింది. దయచేసి మళ్లీ ప్రయత్నించండి.',
  invalidVitals: (detail) => `vitals బీకన్ సరైనది కాదు: ${detail}`,
};

/** The collection notice in Telugu: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const TE_NOTICE: NoticeText = {
  heading: 'మీ వివరాలను మేము ఎలా ఉపయోగిస్తాము',
  stop: '.',
  collected: {
    society: 'మేము మీ పేరు, ఈమెయిల్, ఫోన్ నంబర్, సొసైటీ పేరు, నగరం, (మీరు ఇస్తే) మీ హోదా సేకరిస్తాము.',
    career: 'మేము మీ పేరు, ఈమెయిల్, ఫోన్ నంబర్, కళాశాల, కోర్సు, చదువుతున్న సంవత్సరం, ఇష్టమైన పాత్ర, మీ సందేశం, (జత చేస్తే) మీ CV సేకరిస్తాము.',
  },
  purpose: {
    society: 'మీ సొసైటీ కోసం యాప్‌ను సెటప్ చేసే విషయమై మిమ్మల్ని సంప్రదించడానికి మాత్రమే వీటిని ఉపయోగిస్తాము. ఈ ఫారమ్ పంపడం ద్వారా మీరు దీనికి అంగీకరిస్తున్నారు.',
    career: 'మీ దరఖాస్తును పరిశీలించి, దాని గురించి మిమ్మల్ని సంప్రదించడానికి మాత్రమే వీటిని ఉపయోగిస్తాము. ఈ ఫారమ్ పంపడం ద్వారా మీరు దీనికి అంగీకరిస్తున్నారు.',
  },
  retention: (period) => `మీరు పంపిన తర్వాత వీటిని ${period} మా వద్ద ఉంచి, ఆ తర్వాత తొలగిస్తాము.`,
  device: (days) => `మీరు పంపే వరకు ఇవి ఈ పరికరంలోనే ఉంటాయి (${days} రోజుల వరకు); మీరు ఏ లింక్ ద్వారా వచ్చారో దాని క్యాంపెయిన్ ఈ ట్యాబ్‌లో ఉంటుంది.`,
  withdraw: (email) => `మీరు ఎప్పుడైనా మీ సమ్మతిని వెనక్కి తీసుకోవచ్చు, లేదా మీ వివరాలను చూడమని, సరిచేయమని లేదా తొలగించమని అడగవచ్చు: ${email} కి రాయండి.`,
  link: 'పూర్తి గోప్యతా నోటీసు చదవండి',
  newTab: 'కొత్త ట్యాబ్‌లో తెరుచుకుంటుంది',
  period: { month: 'నెల', months: 'నెలలు', day: 'రోజు', days: 'రోజులు' },
  inYourLanguage: 'దీన్ని మీ భాషలో చదవండి',
};

/** The visible Telugu text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const TE_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'ఇతర కోర్సు' },
  roles: {
    'tech-intern': 'టెక్ ఇంటర్న్',
    'marketing-sales-intern': 'మార్కెటింగ్ & సేల్స్ ఇంటర్న్',
    'member-technical-staff': 'మెంబర్ ఆఫ్ టెక్నికల్ స్టాఫ్',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const TE_REFERENCE = { label: 'మీ రిఫరెన్స్ నంబర్', hint: 'మాకు ఫోన్ చేసినప్పుడు లేదా రాసినప్పుడు దీన్ని తెలియజేయండి.' };
