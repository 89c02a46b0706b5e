/** Events the form widgets dispatch from their host element for the host page. */
import { APPLICATION_ERROR, APPLICATION_SUCCESS, REGISTRATION_ERROR, REGISTRATION_SUCCESS } from '../registry/names.ts';

export type RegistrationErrorReason = 'server' | 'network' | 'timeout' | 'invalid-response';
export type ApplicationErrorReason = 'http' | 'network' | 'timeout' | 'invalid-response';

export interface WidgetEventMap {
  [REGISTRATION_SUCCESS]: { kind: 'society' };
  [REGISTRATION_ERROR]: { kind: 'society'; reason: RegistrationErrorReason; status?: number };
  [APPLICATION_SUCCESS]: { kind: 'career' };
  [APPLICATION_ERROR]: { kind: 'career'; reason: ApplicationErrorReason; status?: number };
}

/** The host element of the shadow root React renders into (r2wc's `container`). */
export function hostOf(container: unknown): Element | undefined {
  if (typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot) return container.host;
  if (typeof Element !== 'undefined' && container instanceof Element) return container;
  return undefined;
}

export function emit<K extends keyof WidgetEventMap>(container: unknown, type: K, detail: WidgetEventMap[K]): void {
  hostOf(container)?.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
}
