import type { OutcomeStatus } from '../../contract/team.ts';
import type { IntakeStore } from '../intake/store.ts';

/**
 * The email that tells an applicant the outcome of their application (an offer, or that
 * they were not selected), queued through the outbox so it is sent once. The app offers it
 * when a member moves an application to one of those statuses, and sends it only when the
 * member confirms (POST /team/api/leads/:id/outcome-email).
 *
 * The message and its queuing belong to the applicant emails (issue 32): this is the one
 * place that calls them. Until they are part of the service, nothing is queued and the app
 * says the email is not available.
 */
export type OutcomeEmailResult = 'queued' | 'unavailable';

export async function queueApplicantOutcomeEmail(_store: IntakeStore, _leadId: number, _outcome: OutcomeStatus, _at: number): Promise<OutcomeEmailResult> {
  return 'unavailable';
}
