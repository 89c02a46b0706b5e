import type { OutcomeStatus } from '../../contract/team.ts';
import type { ApplicationOutcome } from '../../contract/messages/email/types.ts';
import type { OutcomeEmailResult } from '../delivery/acknowledgement.ts';
import type { IntakeStore } from '../store/store.ts';

/** A worklist status that ends an application → the outcome its email tells. */
const OUTCOME_OF: Record<OutcomeStatus, ApplicationOutcome> = { offer: 'offer', 'not selected': 'not-selected' };

/**
 * The email that tells an applicant the outcome of their application (an offer, or that
 * they were not selected), in the language of their form, queued through the outbox so it is
 * sent once (server/delivery/person-email.ts). The app offers it when a member moves
 * an application to one of those statuses, and asks for it only when the member confirms
 * (POST /team/api/leads/:id/outcome-email).
 */
export function queueApplicantOutcomeEmail(store: IntakeStore, leadId: number, outcome: OutcomeStatus): Promise<OutcomeEmailResult> {
  return store.leads.queueOutcomeEmail(leadId, OUTCOME_OF[outcome]);
}
