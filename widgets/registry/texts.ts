/** The forms' default heading and intro: what they show without a `heading` or `intro` attribute. */
export const societyRegistrationDefaults = {
  heading: 'Register Your Society',
  intro: 'It takes 2 minutes. We set everything up within 24 hours — free forever.',
} as const;

export const careerApplicationDefaults = {
  heading: 'Apply Now',
  intro: 'Tell us about yourself and the role you want.',
} as const;
