/**
 * The widgets' texts in Bengali, for Indian readers: natural Bengali, with the loan words
 * Bengali speakers use (অ্যাপ, ইমেল, ফোন, কোর্স). A chunk of its own, loaded only for a form
 * in Bengali. Course and role VALUES never change; only their visible text does.
 */
import { BN_CHOICES, BN_NOTICE, BN_REFERENCE, MESSAGES_BN } from '../../contract/messages/bn.ts';
import type { WidgetMessages } from './types.ts';

const societyStoredLead = 'সোসাইটির অনুরোধ সফলভাবে পাঠানো হয়েছে।';

export const bn: WidgetMessages = {
  lang: 'bn',
  society: {
    heading: 'আপনার সোসাইটি রেজিস্টার করুন',
    intro: 'মাত্র 2 মিনিট লাগে। 24 ঘণ্টার মধ্যে আমরা সব চালু করে দিই — চিরকাল বিনামূল্যে।',
    fields: {
      name: { label: 'আপনার নাম *', placeholder: 'আপনার পুরো নাম লিখুন' },
      email: { label: 'ইমেল *', placeholder: 'you@example.com' },
      phone: { label: 'ফোন *', placeholder: '+91 98765 43210' },
      societyName: { label: 'সোসাইটির নাম *', placeholder: 'যেমন গ্রিন ভ্যালি অ্যাপার্টমেন্টস' },
      city: { label: 'শহর *', placeholder: 'যেমন কলকাতা' },
      position: { label: 'পদ (ঐচ্ছিক)', placeholder: 'যেমন সম্পাদক' },
    },
    submit: 'বিনামূল্যে সোসাইটি রেজিস্টার করুন',
    submitting: 'পাঠানো হচ্ছে...',
    successTitle: 'রেজিস্ট্রেশন সম্পূর্ণ!',
    successPrefix: societyStoredLead,
    successFallback: MESSAGES_BN.societyStored,
    failureTitle: 'রেজিস্ট্রেশন হয়নি',
    failureFallback: MESSAGES_BN.generic,
    networkError: 'নেটওয়ার্কে সমস্যা। অনুগ্রহ করে আপনার ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    again: 'আরেকটি সোসাইটি রেজিস্টার করুন',
  },
  career: {
    heading: 'এখনই আবেদন করুন',
    intro: 'আপনার নিজের কথা বলুন, আর কোন ভূমিকায় কাজ করতে চান তাও জানান।',
    fields: {
      fullName: { label: 'পুরো নাম *', placeholder: 'আপনার পুরো নাম লিখুন' },
      email: { label: 'ইমেল *', placeholder: 'you@example.com' },
      phone: { label: 'ফোন *', placeholder: '+91 98765 43210' },
      college: { label: 'কলেজ / বিশ্ববিদ্যালয় *', placeholder: 'আপনার কলেজ বা বিশ্ববিদ্যালয়' },
      course: { label: 'কোর্স *', placeholder: 'আপনার কোর্স বেছে নিন' },
      yearOfStudy: { label: 'পড়াশোনার বর্ষ *', placeholder: 'যেমন তৃতীয় বর্ষ বা স্নাতক' },
      areaOfInterest: { label: 'পছন্দের ভূমিকা *', placeholder: 'আপনার পছন্দের ভূমিকা বেছে নিন' },
      whyJoin: { label: 'আপনি কেন আমাদের সঙ্গে যোগ দিতে চান? *', placeholder: 'এই ভূমিকার কোন দিকটা আপনাকে সবচেয়ে বেশি টানে, লিখুন' },
    },
    courses: BN_CHOICES.courses,
    roles: BN_CHOICES.roles,
    submit: 'আবেদন পাঠান',
    successTitle: 'আবেদন পাঠানো হয়েছে!',
    successDescription: 'আবেদন করার জন্য ধন্যবাদ! আমাদের দল আপনার আবেদন দেখে শিগগিরই আপনার সঙ্গে যোগাযোগ করবে।',
    errorTitle: 'ত্রুটি',
    errorDescription: 'আপনার আবেদন পাঠানোর সময় একটি ত্রুটি হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
    again: 'আরেকটি আবেদন পাঠান',
    cv: {
      label: 'CV / জীবনবৃত্তান্ত (ঐচ্ছিক)',
      hint: (mb) => `PDF, DOC বা DOCX, সর্বোচ্চ ${mb} MB`,
      remove: 'সরান',
      removed: 'CV সরানো হয়েছে।',
      size: (amount, unit) => `${amount} ${unit}`,
    },
  },
  notice: BN_NOTICE,
  waiting: {
    title: 'এই ফোনে সংরক্ষিত আছে',
    message: 'আমাদের পরিষেবার সঙ্গে সংযোগ করা গেল না। আপনার তথ্য এই ফোনে সংরক্ষিত আছে, ইন্টারনেট ফিরলেই নিজে থেকে পাঠানো হবে।',
    sendNow: 'এখনই পাঠান',
    sending: 'পাঠানো হচ্ছে...',
    discard: 'বাতিল করুন',
  },
  reference: BN_REFERENCE,
  formPost: {
    honeypot: 'ফাঁকা রাখুন',
    problemTitle: 'একটি সমস্যা আছে',
    errorPrefix: 'ত্রুটি: ',
  },
  dismissToast: 'নোটিফিকেশন বন্ধ করুন',
  service: MESSAGES_BN,
};
