/**
 * Issue 40, finding 2, in the form: the service's 507 for a CV past CV_STORAGE_MAX_MB names the
 * CV (`field: "resume"`), so the form shows it as a refusal to correct (send without the file),
 * never as a send that waits for the service to come back; any other 5xx still waits.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages/en.ts';
import { refusesCv } from '../../widgets/lead-form/cv-file.ts';
import { unreachable } from '../../widgets/lead-form/lead-outbox.ts';

describe('a full CV storage is a refusal, not an outage', () => {
  it('507 naming the CV: refused, not waiting', () => {
    const full = { type: 'json', status: 507, ok: false, body: { success: false, message: MESSAGES.cvStorageFull, field: 'resume' } } as const;
    expect(unreachable(full)).toBe(false);
    expect(refusesCv(full)).toBe(true);
  });
  it('any other 5xx, or no answer: the send waits and goes again', () => {
    expect(unreachable({ type: 'json', status: 503, ok: false, body: { success: false, message: MESSAGES.unavailable } })).toBe(true);
    expect(unreachable({ type: 'invalid-response', status: 502, ok: false })).toBe(true);
    expect(unreachable({ type: 'network' })).toBe(true);
  });
});
