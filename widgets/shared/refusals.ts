/**
 * Which field a refusal from the intake service names. The service answers one message
 * per refusal (the lead contract's messages); those about one field map to it, so the
 * form can mark and focus that field. Keys are the payload's; a form maps them to its
 * controls (career: name ← fullName, message ← whyJoin).
 */
const fieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone number',
  societyName: 'Society name',
  city: 'City',
  position: 'Position',
  college: 'College',
  course: 'Course',
  yearOfStudy: 'Year of study',
  areaOfInterest: 'Preferred role',
  message: 'Message',
};

const fieldMessages: Record<string, string> = {
  'Please enter a valid email address.': 'email',
  'Please enter a valid phone number.': 'phone',
  'Please choose your course from the list.': 'course',
  'Please choose your preferred role from the list.': 'areaOfInterest',
};

/** The payload key a refusal message is about, if it names exactly one field. */
export function refusedKey(message: string): string | undefined {
  const exact = fieldMessages[message];
  if (exact) return exact;
  for (const [key, label] of Object.entries(fieldLabels)) {
    if (message.startsWith(`${label} `)) return key;
  }
  return undefined;
}
