/** The emails to the person who sent a form, in Marathi: the same texts as en.ts, for Marathi readers. */
import { MR_CHOICES, MR_REFERENCE } from '../mr.ts';
import type { PersonEmailText } from './types.ts';

export const EMAIL_MR: PersonEmailText = {
  acknowledgement: {
    subject: {
      society: (reference) => `तुमच्या सोसायटीची नोंदणी: संदर्भ क्रमांक ${reference}`,
      career: (reference) => `तुमचा अर्ज: संदर्भ क्रमांक ${reference}`,
    },
    received: {
      society: (brand) => `${brand} वर तुमच्या सोसायटीची नोंदणी केल्याबद्दल धन्यवाद. तुमची माहिती आम्हाला मिळाली आहे.`,
      career: (brand) => `${brand} मध्ये अर्ज केल्याबद्दल धन्यवाद. तुमचा अर्ज आम्हाला मिळाला आहे.`,
    },
    greeting: 'नमस्कार,',
    nextHeading: 'पुढे काय होईल',
    next: {
      society: 'आम्ही 24 तासांच्या आत तुम्हाला फोन करून तुमच्या सोसायटीसाठी ॲप सुरू करून देऊ.',
      career: 'आमची टीम तुमचा अर्ज पाहील आणि ईमेल किंवा फोनवरून तुम्हाला उत्तर देईल.',
    },
    notYou: 'हे तुम्ही पाठवले नाही? तर कोणीतरी चुकून तुमचा ईमेल पत्ता लिहिला आहे: या ईमेलला उत्तर द्या, आम्ही ती माहिती पुसून टाकू.',
  },
  outcome: {
    subject: {
      offer: (reference) => `तुमचा अर्ज ${reference}: ऑफर`,
      'not-selected': (reference) => `तुमचा अर्ज ${reference}`,
    },
    body: {
      offer: (role) => [
        `${role} या भूमिकेसाठी अर्ज केल्याबद्दल धन्यवाद. ही भूमिका तुम्हाला देऊ इच्छितो हे सांगताना आम्हाला आनंद होत आहे.`,
        'काही दिवसांतच आम्ही तुम्हाला फोन करून किंवा लिहून पूर्ण माहिती आणि पुढच्या पायऱ्या सांगू. तोपर्यंत काही प्रश्न असल्यास या ईमेलला उत्तर द्या.',
      ],
      'not-selected': (role) => [
        `${role} या भूमिकेसाठी अर्ज केल्याबद्दल आणि त्यासाठी वेळ दिल्याबद्दल धन्यवाद.`,
        'आम्ही तुमचा अर्ज काळजीपूर्वक पाहिला आहे, आणि या वेळी आम्ही तो पुढे नेत नाही. पुढील वाटचालीसाठी आमच्या शुभेच्छा.',
      ],
    },
  },
  greeting: (name) => `नमस्कार ${name},`,
  reference: MR_REFERENCE,
  sent: {
    at: (date, time) => `${date} रोजी ${time} वाजता (IST) पाठवले.`,
  },
  rights: {
    heading: 'तुमची माहिती आणि तुमचे हक्क',
    how: (email, reference) =>
      `तुम्ही कधीही तुमची संमती मागे घेऊ शकता, किंवा तुमची माहिती पाहण्याची, दुरुस्त करण्याची किंवा पुसून टाकण्याची मागणी करू शकता: या ईमेलला उत्तर द्या, किंवा ${email} वर लिहा आणि ${reference} हा संदर्भ क्रमांक सांगा.`,
    retention: (period) => `पाठवल्यानंतर आम्ही तुमची माहिती ${period} ठेवतो, नंतर ती पुसून टाकतो.`,
    privacy: 'आम्ही तुमची माहिती कशी वापरतो, आणि तुमचे हक्क:',
    actions: { withdraw: 'माझी संमती मागे घ्या', access: 'माझी माहिती दाखवा', correct: 'माझी माहिती दुरुस्त करा', erase: 'माझी माहिती पुसून टाका' },
  },
  grievance: (name, email, phone) =>
    `तुमच्या माहितीच्या वापराबद्दल काही तक्रार असल्यास आमचे तक्रार अधिकारी (Grievance Officer) ${name} यांच्याशी संपर्क साधा: ${email}, ${phone}.`,
  automatic: 'हा ईमेल आपोआप पाठवला आहे. याचे उत्तर आमच्या टीमपर्यंत पोहोचते.',
  signature: (brand) => `${brand} टीम`,
  choices: { course: MR_CHOICES.courses, areaOfInterest: MR_CHOICES.roles },
};
