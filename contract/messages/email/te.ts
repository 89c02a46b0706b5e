/** The emails to the person who sent a form, in Telugu: the same texts as en.ts, for Telugu readers. */
import { TE_CHOICES, TE_REFERENCE } from '../te.ts';
import type { PersonEmailText } from './types.ts';

export const EMAIL_TE: PersonEmailText = {
  acknowledgement: {
    subject: {
      society: (reference) => `మీ సొసైటీ నమోదు: రిఫరెన్స్ నంబర్ ${reference}`,
      career: (reference) => `మీ దరఖాస్తు: రిఫరెన్స్ నంబర్ ${reference}`,
    },
    received: {
      society: (brand) => `${brand}లో మీ సొసైటీని నమోదు చేసినందుకు ధన్యవాదాలు. మీ వివరాలు మాకు అందాయి.`,
      career: (brand) => `${brand}కి దరఖాస్తు చేసినందుకు ధన్యవాదాలు. మీ దరఖాస్తు మాకు అందింది.`,
    },
    greeting: 'నమస్తే,',
    nextHeading: 'తర్వాత ఏమి జరుగుతుంది',
    next: {
      society: 'మీ సొసైటీ కోసం యాప్‌ను సెటప్ చేయడానికి 24 గంటల్లోగా మేము మీకు ఫోన్ చేస్తాము.',
      career: 'మా బృందం మీ దరఖాస్తును పరిశీలించి, ఈమెయిల్ లేదా ఫోన్ ద్వారా మీకు సమాధానం ఇస్తుంది.',
    },
    notYou: 'ఇది మీరు పంపలేదా? అయితే ఎవరో పొరపాటున మీ ఈమెయిల్ చిరునామాను టైప్ చేశారు: ఈ ఈమెయిల్‌కు జవాబు ఇవ్వండి, ఆ వివరాలను మేము తొలగిస్తాము.',
  },
  outcome: {
    subject: {
      offer: (reference) => `మీ దరఖాస్తు ${reference}: ఆఫర్`,
      'not-selected': (reference) => `మీ దరఖాస్తు ${reference}`,
    },
    body: {
      offer: (role) => [
        `${role} పాత్ర కోసం దరఖాస్తు చేసినందుకు ధన్యవాదాలు. ఈ పాత్రను మీకు ఇవ్వాలనుకుంటున్నామని తెలియజేయడానికి సంతోషిస్తున్నాము.`,
        'కొన్ని రోజుల్లోనే పూర్తి వివరాలు, తదుపరి దశలతో మేము మీకు ఫోన్ చేస్తాము లేదా రాస్తాము. ఈలోగా మీకు ఏదైనా ప్రశ్న ఉంటే, ఈ ఈమెయిల్‌కు జవాబు ఇవ్వండి.',
      ],
      'not-selected': (role) => [
        `${role} పాత్ర కోసం దరఖాస్తు చేసినందుకు, దానికి మీ సమయం కేటాయించినందుకు ధన్యవాదాలు.`,
        'మీ దరఖాస్తును మేము జాగ్రత్తగా పరిశీలించాము, ఈసారి దాన్ని ముందుకు తీసుకెళ్లడం లేదు. మీ భవిష్యత్తుకు మా శుభాకాంక్షలు.',
      ],
    },
  },
  greeting: (name) => `నమస్కారం ${name} గారు,`,
  reference: TE_REFERENCE,
  sent: {
    at: (date, time) => `${date}న ${time} IST కి పంపబడింది.`,
  },
  rights: {
    heading: 'మీ వివరాలు, మీ హక్కులు',
    how: (email, reference) =>
      `మీరు ఎప్పుడైనా మీ సమ్మతిని వెనక్కి తీసుకోవచ్చు, లేదా మీ వివరాలను చూడమని, సరిచేయమని లేదా తొలగించమని అడగవచ్చు: ఈ ఈమెయిల్‌కు జవాబు ఇవ్వండి, లేదా ${email} కి రాసి ${reference} తెలియజేయండి.`,
    retention: (period) => `మీరు పంపిన తర్వాత మీ వివరాలను ${period} మా వద్ద ఉంచి, ఆ తర్వాత తొలగిస్తాము.`,
    privacy: 'మీ వివరాలను మేము ఎలా ఉపయోగిస్తాము, మీ హక్కులు:',
    actions: { withdraw: 'నా సమ్మతిని వెనక్కి తీసుకోండి', access: 'నా వివరాలు చూపండి', correct: 'నా వివరాలు సరిచేయండి', erase: 'నా వివరాలు తొలగించండి' },
  },
  grievance: (name, email, phone) =>
    `మీ వివరాలను మేము ఉపయోగించే విధానంపై మీకు ఫిర్యాదు ఉంటే, మా ఫిర్యాదుల అధికారి (Grievance Officer) ${name} గారిని సంప్రదించండి: ${email}, ${phone}.`,
  automatic: 'ఈ ఈమెయిల్ ఆటోమేటిక్‌గా పంపబడింది. మీ జవాబు మా బృందానికి చేరుతుంది.',
  signature: (brand) => `${brand} బృందం`,
  choices: { course: TE_CHOICES.courses, areaOfInterest: TE_CHOICES.roles },
};
