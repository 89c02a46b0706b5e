/** Events the form widgets dispatch from their host element for the host page. */
export type RegistrationErrorReason = 'server' | 'network' | 'timeout' | 'invalid-response';
export type ApplicationErrorReason = 'http' | 'network' | 'timeout' | 'invalid-response';

export interface WidgetEventMap {
  'registration-success': { kind: 'society' };
  'registration-error': { kind: 'society'; reason: RegistrationErrorReason; status?: number };
  'application-success': { kind: 'career' };
  'application-error': { kind: 'career'; reason: ApplicationErrorReason; status?: number };
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
