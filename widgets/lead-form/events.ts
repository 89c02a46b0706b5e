/** Events the form widgets dispatch from their host element for the host page (no personal data). */
import { APPLICATION_ERROR, APPLICATION_SUCCESS, REGISTRATION_ERROR, REGISTRATION_SUCCESS } from '../registry/names.ts';

export const registrationErrorReasons = ['server', 'network', 'timeout', 'invalid-response'] as const;
export const applicationErrorReasons = ['http', 'network', 'timeout', 'invalid-response'] as const;
export type RegistrationErrorReason = (typeof registrationErrorReasons)[number];
export type ApplicationErrorReason = (typeof applicationErrorReasons)[number];

/** How a submission ended. */
export type Outcome<Reason extends string> = { ok: true } | { ok: false; reason: Reason; status?: number };

/** Each form's two events: detail `{kind}` on success, `{kind, reason, status?}` on error. */
export const outcomeEvents = {
  society: { success: REGISTRATION_SUCCESS, error: REGISTRATION_ERROR },
  career: { success: APPLICATION_SUCCESS, error: APPLICATION_ERROR },
} as const;

/** The host element of the shadow root React renders into (r2wc's `container`). */
export function hostOf(container: unknown): Element | undefined {
  if (typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot) return container.host;
  if (typeof Element !== 'undefined' && container instanceof Element) return container;
  return undefined;
}

/** Each form's error reasons. */
export type ReasonOf<K extends keyof typeof outcomeEvents> = K extends 'society' ? RegistrationErrorReason : ApplicationErrorReason;

/** Tells the host page how a submission ended: the form's success event, or its error event. */
export function emitOutcome<K extends keyof typeof outcomeEvents>(container: unknown, kind: K, outcome: Outcome<ReasonOf<K>>): void {
  const type = outcome.ok ? outcomeEvents[kind].success : outcomeEvents[kind].error;
  const detail = outcome.ok
    ? { kind }
    : { kind, reason: outcome.reason, ...(outcome.status !== undefined ? { status: outcome.status } : {}) };
  hostOf(container)?.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
}
