/** Every sentence the intake API says to a visitor, in one place. */
export const MSG = {
  societyStored:
    'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
  careerStored: 'Application received. Our team will review it and connect with you shortly.',
  notObject: 'Please send the form fields as a JSON object.',
  emptyBody: 'The request was empty. Please fill in the form and try again.',
  invalidJson: 'The request could not be read. Please submit the form again.',
  tooLarge: 'The form is too large to submit. Please shorten your answers and try again.',
  unsupportedType: 'Please send the form as JSON (Content-Type: application/json).',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  originRefused:
    'This website is not set up to send registrations to us, so your details were not sent. Please contact the society or the website owner directly.',
  invalidPartner:
    'The partner id of this form is not valid (1 to 40 lowercase letters, digits or hyphens). Please tell the website owner.',
  notFound: 'There is nothing to submit at this address.',
  methodNotAllowed: 'This address only accepts POST requests.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidCourse: 'Please choose your course from the list.',
  invalidArea: 'Please choose your preferred role from the list.',
  /** Names a stray key only when it is a plain identifier (never echoes arbitrary text). */
  unexpectedField: (keys: string[]) => {
    const plain = keys.filter((k) => /^[A-Za-z0-9_.-]{1,40}$/.test(k)).slice(0, 5);
    return plain.length
      ? `The form contains an unexpected field: ${plain.join(', ')}.`
      : 'The form contains unexpected fields.';
  },
  closing: 'The service is restarting. Please try again in a moment.',
  unavailable: 'We could not save your request right now. Please try again in a moment.',
  generic: 'Something went wrong. Please try again.',
  invalidVitals: (detail: string) => `Invalid vitals beacon: ${detail}`,
} as const;
