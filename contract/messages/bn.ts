/**
 * The Bengali twin of the service's MESSAGES (en.ts): what the intake service says when a
 * request carries `Content-Language: bn`, and what a Bengali form recognises in a refusal
 * (which field it names). Same keys and shapes as the English (LeadMessages).
 * Plain data and pure functions: only the Bengali chunk of the widgets bundles it.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { CourseValue, RoleValue } from '../lead-contract.ts';
import { type LeadMessages, plainKeys } from './en.ts';

export const MESSAGES_BN: LeadMessages = {
  societyStored:
    'সোসাইটির অনুরোধ সফলভাবে পাঠানো হয়েছে। আপনার সোসাইটি চালু করতে আমরা 24 ঘণ্টার মধ্যে আপনার সঙ্গে যোগাযোগ করব।',
  careerStored: 'আপনার আবেদন পেয়েছি। আমাদের দল এটি দেখে শিগগিরই আপনার সঙ্গে যোগাযোগ করবে।',
  notObject: 'অনুগ্রহ করে ফর্মের ঘরগুলি JSON অবজেক্ট হিসেবে পাঠান।',
  emptyBody: 'অনুরোধটি ফাঁকা ছিল। অনুগ্রহ করে ফর্মটি পূরণ করে আবার চেষ্টা করুন।',
  invalidJson: 'অনুরোধটি পড়া যায়নি। অনুগ্রহ করে ফর্মটি আবার পাঠান।',
  tooLarge: 'ফর্মটি পাঠানোর পক্ষে অনেক বড়। অনুগ্রহ করে উত্তরগুলি ছোট করে আবার চেষ্টা করুন।',
  cvTooLarge: (mb: number) => `CV ${mb} MB-এর চেয়ে বড়। অনুগ্রহ করে ছোট ফাইল যুক্ত করুন।`,
  cvType: 'CV অবশ্যই PDF, DOC বা DOCX ফাইল হতে হবে।',
  cvUnknown: 'যুক্ত করা CV পাওয়া যায়নি (আবেদন পাঠানো পর্যন্ত ফাইল 24 ঘণ্টা রাখা হয়)। অনুগ্রহ করে আবার যুক্ত করুন।',
  cvTooMany: 'গত এক ঘণ্টায় আপনার সংযোগ থেকে অনেক বেশি CV পাঠানো হয়েছে। অনুগ্রহ করে CV ছাড়া আবেদন পাঠান, অথবা এক ঘণ্টা পরে আবার চেষ্টা করুন।',
  cvStorageFull: 'এই মুহূর্তে আমরা আর CV নিতে পারছি না। অনুগ্রহ করে CV ছাড়া আবেদন পাঠান; আমাদের টিম আপনার কাছে CV চেয়ে নেবে।',
  unsupportedType: 'অনুগ্রহ করে ফর্মটি JSON (Content-Type: application/json) বা ওয়েব ফর্ম (application/x-www-form-urlencoded) হিসেবে পাঠান।',
  tooManyRequests: 'অনেক বেশি অনুরোধ এসেছে। অনুগ্রহ করে এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  tooManyWithoutProof: 'আপনার সংযোগ থেকে JavaScript ছাড়া অনেক বেশি ফর্ম পাঠানো হয়েছে। অনুগ্রহ করে JavaScript চালু করুন, অথবা এক ঘণ্টা অপেক্ষা করে আবার চেষ্টা করুন।',
  originRefused:
    'এই ওয়েবসাইট থেকে আমাদের কাছে রেজিস্ট্রেশন পাঠানোর ব্যবস্থা নেই, তাই আপনার তথ্য পাঠানো হয়নি। অনুগ্রহ করে সরাসরি সোসাইটি বা ওয়েবসাইটের মালিকের সঙ্গে যোগাযোগ করুন।',
  invalidPartner:
    'এই ফর্মের পার্টনার আইডি সঠিক নয় (1 থেকে 40টি ছোট হাতের ইংরেজি অক্ষর, সংখ্যা বা হাইফেন)। অনুগ্রহ করে ওয়েবসাইটের মালিককে জানান।',
  notFound: 'এই ঠিকানায় পাঠানোর মতো কিছু নেই।',
  methodNotAllowed: 'এই ঠিকানা শুধু POST অনুরোধ নেয়।',
  labels: {
    name: 'নাম',
    email: 'ইমেল',
    phone: 'ফোন নম্বর',
    societyName: 'সোসাইটির নাম',
    city: 'শহর',
    position: 'পদ',
    college: 'কলেজ',
    course: 'কোর্স',
    yearOfStudy: 'পড়াশোনার বর্ষ',
    areaOfInterest: 'পছন্দের ভূমিকা',
    message: 'বার্তা',
  },
  required: (label) => `${label} দেওয়া আবশ্যক।`,
  notText: (label) => `${label} লেখা হতে হবে।`,
  tooLong: (label, max) => `${label} সর্বোচ্চ ${max} অক্ষরের হতে পারে।`,
  forbiddenCharacters: (label) => `${label}-এ এমন অক্ষর আছে যা গ্রহণযোগ্য নয়।`,
  invalidEmail: 'অনুগ্রহ করে সঠিক ইমেল ঠিকানা দিন।',
  invalidPhone: 'অনুগ্রহ করে সঠিক ফোন নম্বর দিন।',
  invalidChoice: {
    course: 'অনুগ্রহ করে তালিকা থেকে আপনার কোর্স বেছে নিন।',
    areaOfInterest: 'অনুগ্রহ করে তালিকা থেকে আপনার পছন্দের ভূমিকা বেছে নিন।',
  },
  unexpectedField: (keys) => {
    const plain = plainKeys(keys);
    return plain.length ? `ফর্মে একটি অপ্রত্যাশিত ঘর আছে: ${plain.join(', ')}।` : 'ফর্মে অপ্রত্যাশিত ঘর আছে।';
  },
  invalidIdempotencyKey: 'Idempotency-Key হেডারে 16 থেকে 64টি ইংরেজি অক্ষর, সংখ্যা, হাইফেন বা আন্ডারস্কোর থাকতে হবে।',
  idempotencyKeyReused:
    'এই Idempotency-Key আগেই অন্য একটি ফর্মের জন্য ব্যবহার হয়েছে। নতুন ফর্ম নতুন key দিয়ে পাঠান।',
  unavailable: 'এই মুহূর্তে আপনার অনুরোধ সংরক্ষণ করা গেল না। অনুগ্রহ করে একটু পরে আবার চেষ্টা করুন।',
  generic: 'কিছু একটা গোলমাল হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
  invalidVitals: (detail) => `vitals বিকন সঠিক নয়: ${detail}`,
};

/** The collection notice in Bengali: the same notice as EN_NOTICE, so it keeps NOTICE_VERSION. */
export const BN_NOTICE: NoticeText = {
  heading: 'আমরা আপনার তথ্য কীভাবে ব্যবহার করি',
  stop: '।',
  collected: {
    society: 'আমরা আপনার নাম, ইমেল, ফোন নম্বর, সোসাইটির নাম, শহর এবং (আপনি জানালে) আপনার পদ নিই।',
    career: 'আমরা আপনার নাম, ইমেল, ফোন নম্বর, কলেজ, কোর্স, পড়াশোনার বর্ষ, পছন্দের ভূমিকা, আপনার বার্তা এবং (যুক্ত করলে) আপনার CV নিই।',
  },
  purpose: {
    society: 'এগুলি আমরা শুধু আপনার সোসাইটিতে অ্যাপ চালু করার ব্যাপারে আপনার সঙ্গে যোগাযোগ করতে ব্যবহার করি। এই ফর্ম পাঠিয়ে আপনি এতে সম্মতি দিচ্ছেন।',
    career: 'এগুলি আমরা শুধু আপনার আবেদন দেখতে এবং সে বিষয়ে আপনার সঙ্গে যোগাযোগ করতে ব্যবহার করি। এই ফর্ম পাঠিয়ে আপনি এতে সম্মতি দিচ্ছেন।',
  },
  retention: (period) => `পাঠানোর পর আমরা এগুলি ${period} রাখি, তারপর মুছে ফেলি।`,
  device: (days) => `পাঠানো পর্যন্ত এগুলি এই ডিভাইসেই থাকে (${days} দিন পর্যন্ত), আর যে লিংক দিয়ে এসেছেন তার ক্যাম্পেন থাকে এই ট্যাবে।`,
  withdraw: (email) => `আপনি যে কোনো সময় আপনার সম্মতি ফিরিয়ে নিতে পারেন, কিংবা আপনার তথ্য দেখতে, সংশোধন করতে বা মুছে ফেলতে বলতে পারেন: ${email} ঠিকানায় লিখুন।`,
  link: 'পুরো গোপনীয়তা বিজ্ঞপ্তি পড়ুন',
  newTab: 'নতুন ট্যাবে খোলে',
  period: { month: 'মাস', months: 'মাস', day: 'দিন', days: 'দিন' },
  inYourLanguage: 'এটি আপনার ভাষায় পড়ুন',
};

/** The visible Bengali text of the career form's lists (the values sent never change): the form's options and the emails to the applicant. */
export const BN_CHOICES: { courses: Record<CourseValue, string>; roles: Record<RoleValue, string> } = {
  courses: { BCA: 'BCA', MCA: 'MCA', 'B.Tech': 'B.Tech', 'M.Tech': 'M.Tech', BBA: 'BBA', MBA: 'MBA', Other: 'অন্যান্য' },
  roles: {
    'tech-intern': 'টেক ইন্টার্ন',
    'marketing-sales-intern': 'মার্কেটিং ও সেলস ইন্টার্ন',
    'member-technical-staff': 'মেম্বার অফ টেকনিক্যাল স্টাফ',
  },
};

/** How a lead's reference is introduced (EN_REFERENCE's twin). */
export const BN_REFERENCE = { label: 'আপনার রেফারেন্স নম্বর', hint: 'আমাদের ফোন করার বা লেখার সময় এটি জানান।' };
