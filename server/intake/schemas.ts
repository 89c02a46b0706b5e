import type { z } from 'zod';
import { MSG } from './messages.ts';
import { choice, email, exactObject, optionalText, phone, requiredText } from './fields.ts';

/** The two lead payloads, exactly as the site spec defines them (section 3 and 7). */

export const COURSES = ['BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other'] as const;
export const AREAS = ['tech-intern', 'marketing-sales-intern', 'member-technical-staff'] as const;

export const societySchema = exactObject({
  name: requiredText('Name', 100),
  email: email(),
  phone: phone(),
  societyName: requiredText('Society name', 200),
  city: requiredText('City', 100),
  position: optionalText('Position', 100),
});

export const careerSchema = exactObject({
  name: requiredText('Name', 100),
  email: email(),
  phone: phone(),
  college: requiredText('College', 200),
  course: choice('Course', COURSES, MSG.invalidCourse),
  yearOfStudy: requiredText('Year of study', 100),
  areaOfInterest: choice('Preferred role', AREAS, MSG.invalidArea),
  message: requiredText('Message', 4000, true),
});

export type SocietyLead = z.output<typeof societySchema>;
export type CareerLead = z.output<typeof careerSchema>;
export type LeadKind = 'society' | 'career';
export type LeadFields = SocietyLead | CareerLead;

/** Field order per kind: used for the dedupe key, the CLI's columns and the CSV. */
export const FIELD_ORDER = {
  society: ['name', 'email', 'phone', 'societyName', 'city', 'position'],
  career: ['name', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'message'],
} as const satisfies Record<LeadKind, readonly string[]>;
