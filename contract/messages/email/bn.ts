/** The emails to the person who sent a form, in Bengali: the same texts as en.ts, for Indian readers. */
import { BN_CHOICES, BN_REFERENCE } from '../bn.ts';
import type { PersonEmailText } from './types.ts';

export const EMAIL_BN: PersonEmailText = {
  acknowledgement: {
    subject: {
      society: (reference) => `আপনার সোসাইটির রেজিস্ট্রেশন: রেফারেন্স নম্বর ${reference}`,
      career: (reference) => `আপনার আবেদন: রেফারেন্স নম্বর ${reference}`,
    },
    received: {
      society: (brand) => `${brand}-এ আপনার সোসাইটি রেজিস্টার করার জন্য ধন্যবাদ। আপনার তথ্য আমরা পেয়েছি।`,
      career: (brand) => `${brand}-এ আবেদন করার জন্য ধন্যবাদ। আপনার আবেদন আমরা পেয়েছি।`,
    },
    greeting: 'নমস্কার,',
    nextHeading: 'এরপর কী হবে',
    next: {
      society: 'আমরা 24 ঘণ্টার মধ্যে আপনাকে ফোন করে আপনার সোসাইটির জন্য অ্যাপ চালু করে দেব।',
      career: 'আমাদের দল আপনার আবেদন দেখবে এবং ইমেল বা ফোনে আপনাকে উত্তর দেবে।',
    },
    notYou: 'এটি আপনি পাঠাননি? তাহলে কেউ ভুল করে আপনার ইমেল ঠিকানা লিখেছেন: এই ইমেলের উত্তর দিন, আমরা সেই তথ্য মুছে ফেলব।',
  },
  outcome: {
    subject: {
      offer: (reference) => `আপনার আবেদন ${reference}: অফার`,
      'not-selected': (reference) => `আপনার আবেদন ${reference}`,
    },
    body: {
      offer: (role) => [
        `${role} ভূমিকার জন্য আবেদন করার জন্য ধন্যবাদ। আনন্দের সঙ্গে জানাচ্ছি যে আমরা এই ভূমিকাটি আপনাকে দিতে চাই।`,
        'কয়েক দিনের মধ্যেই আমরা ফোন করে বা লিখে আপনাকে বিস্তারিত এবং পরের ধাপগুলি জানাব। এর মধ্যে কোনো প্রশ্ন থাকলে এই ইমেলের উত্তর দিন।',
      ],
      'not-selected': (role) => [
        `${role} ভূমিকার জন্য আবেদন করার এবং এতে আপনার সময় দেওয়ার জন্য ধন্যবাদ।`,
        'আমরা আপনার আবেদন মন দিয়ে দেখেছি, এবং এবার আমরা এটি নিয়ে এগোচ্ছি না। ভবিষ্যতের জন্য আমাদের শুভেচ্ছা রইল।',
      ],
    },
  },
  greeting: (name) => `নমস্কার ${name},`,
  reference: BN_REFERENCE,
  sent: {
    at: (date, time) => `${date} তারিখে ${time} IST-তে পাঠানো হয়েছে।`,
  },
  rights: {
    heading: 'আপনার তথ্য এবং আপনার অধিকার',
    how: (email, reference) =>
      `আপনি যে কোনো সময় আপনার সম্মতি ফিরিয়ে নিতে পারেন, কিংবা আপনার তথ্য দেখতে, সংশোধন করতে বা মুছে ফেলতে বলতে পারেন: এই ইমেলের উত্তর দিন, অথবা ${email} ঠিকানায় লিখে ${reference} জানান।`,
    retention: (period) => `পাঠানোর পর আমরা আপনার তথ্য ${period} রাখি, তারপর মুছে ফেলি।`,
    privacy: 'আমরা আপনার তথ্য কীভাবে ব্যবহার করি, এবং আপনার অধিকার:',
    actions: { withdraw: 'আমার সম্মতি ফিরিয়ে নিন', access: 'আমার তথ্য দেখান', correct: 'আমার তথ্য সংশোধন করুন', erase: 'আমার তথ্য মুছে ফেলুন' },
  },
  grievance: (name, email, phone) =>
    `আপনার তথ্য ব্যবহার নিয়ে কোনো অভিযোগ থাকলে আমাদের অভিযোগ আধিকারিক (Grievance Officer) ${name}-এর সঙ্গে যোগাযোগ করুন: ${email}, ${phone}।`,
  automatic: 'এই ইমেলটি স্বয়ংক্রিয়ভাবে পাঠানো হয়েছে। এর উত্তর আমাদের দলের কাছে পৌঁছায়।',
  signature: (brand) => `${brand} টিম`,
  choices: { course: BN_CHOICES.courses, areaOfInterest: BN_CHOICES.roles },
};
