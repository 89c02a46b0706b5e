/**
 * The shape of a catalogue of the emails written to the person who sent a form: the
 * acknowledgement of every lead, and the outcome of an application. One catalogue per
 * language (en.ts, hi.ts, …), every sentence in it; the service puts them together
 * (server/delivery/person-email.ts). References, dates and addresses come in as
 * parameters. The acknowledgement carries nothing the sender typed (a stranger may type
 * anyone's address): no name, no value of the form, only the reference, the form's kind and
 * the date; an application's outcome, written once a team member confirms it, greets by name.
 */
import type { CourseValue, LeadKind, RoleValue } from '../../lead-contract.ts';

/** What a team member may tell an applicant, by email, once they confirm it. */
export const APPLICATION_OUTCOMES = ['offer', 'not-selected'] as const;
export type ApplicationOutcome = (typeof APPLICATION_OUTCOMES)[number];

/** The ways to use one's rights, each a link in the HTML part (a mailto with its subject). */
export type RightsAction = 'withdraw' | 'access' | 'correct' | 'erase';

export interface PersonEmailText {
  acknowledgement: {
    subject: Record<LeadKind, (reference: string) => string>;
    /** The first paragraph: what arrived, and thanks. */
    received: Record<LeadKind, (brand: string) => string>;
    /** The greeting, without a name (the name is what the sender typed). */
    greeting: string;
    nextHeading: string;
    /** What happens next: a call within 24 hours for a society; for an application, the team reviews it and replies. */
    next: Record<LeadKind, string>;
    /** For someone whose address another person typed. */
    notYou: string;
  };
  outcome: {
    subject: Record<ApplicationOutcome, (reference: string) => string>;
    /** The paragraphs of the message, about the role applied for. */
    body: Record<ApplicationOutcome, (role: string) => string[]>;
  };
  /** The outcome email's greeting, with the applicant's name. */
  greeting: (name: string) => string;
  /** How the reference is introduced (the form's confirmation says the same: messages/<code>.ts). */
  reference: { label: string; hint: string };
  sent: {
    /** When it was sent: the date and the time in words, Indian time. */
    at: (date: string, time: string) => string;
  };
  rights: {
    heading: string;
    /** How to withdraw consent and see, correct or erase the data: reply, or write to `email` quoting `reference`. */
    how: (email: string, reference: string) => string;
    /** How long the data is kept (`period` in words, from the collection notice's own words). */
    retention: (period: string) => string;
    /** Said before the link to the privacy notice's section on the rights. */
    privacy: string;
    /** The links' texts; each also begins the subject of the email it opens ("Erase my data – SD-…"). */
    actions: Record<RightsAction, string>;
  };
  grievance: (name: string, email: string, phone: string) => string;
  automatic: string;
  signature: (brand: string) => string;
  /** Visible text of the values of the lists (the values stored never change). */
  choices: { course: Record<CourseValue, string>; areaOfInterest: Record<RoleValue, string> };
}
