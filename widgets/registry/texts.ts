/** The forms' default heading and intro in English: what they show without a `heading` or `intro` attribute (widgets/i18n/en.ts). */
import { en } from '../i18n/en.ts';

export const societyRegistrationDefaults = { heading: en.society.heading, intro: en.society.intro } as const;

export const careerApplicationDefaults = { heading: en.career.heading, intro: en.career.intro } as const;
