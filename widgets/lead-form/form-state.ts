/**
 * A form component's values across the takeover of its pre-rendered shadow root
 * (takeover.ts): they start from what the visitor typed, and the focus goes back once.
 * Kept apart from takeover.ts, which every element loads, as only the forms need it.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import type { FieldProblem } from '../../contract/form-post.ts';
import { forgetSnapshot, isControl, peekSnapshot, type Control, type FormSnapshot } from '../element/takeover.ts';

/**
 * Initial form values: the empty form (or the values the service gives back with a form it
 * draws again), overlaid with the draft kept on the device, then with what the visitor typed
 * into the pre-rendered form (a typed value wins).
 */
function initialValues<T extends Record<string, string>>(
  empty: T,
  snapshot: FormSnapshot | undefined,
  draft: Record<string, string> | undefined,
  given: Record<string, string> | undefined,
): T {
  const values = { ...empty };
  for (const key of Object.keys(empty) as (keyof T & string)[]) {
    const typed = snapshot?.values[key];
    const kept = draft?.[key];
    if (typeof typed === 'string' && typed !== '') values[key] = typed as T[typeof key];
    else if (typeof kept === 'string') values[key] = kept as T[typeof key];
    else if (typeof given?.[key] === 'string') values[key] = given[key] as T[typeof key];
  }
  return values;
}

/**
 * Gives focus (and the selection) back to the control that had it. Where the visitor had
 * typed nothing yet and the control now shows their draft, the draft is selected: what they
 * type next replaces it instead of running on before or after it.
 */
function restoreFocus(form: HTMLFormElement | null, snapshot: FormSnapshot | undefined): void {
  const focus = snapshot?.focus;
  if (!form || !focus) return;
  const el = form.elements.namedItem(focus.name);
  if (!isControl(el)) return;
  el.focus({ preventScroll: true });
  if (el instanceof HTMLSelectElement) return;
  if (!snapshot.values[focus.name] && el.value) {
    el.select();
    return;
  }
  if (focus.start !== null && focus.end !== null) {
    try {
      el.setSelectionRange(focus.start, focus.end, focus.direction ?? undefined);
    } catch {
      // Inputs such as type=email have no selection API.
    }
  }
}

/** A control the service refused, by name, with the message to show under it (refusals.ts). */
export type FieldError = FieldProblem;

type FormControlEvent = ChangeEvent<Control>;

/**
 * A form's values, starting from what the visitor typed in the pre-rendered form (or
 * before the element was moved, or `given` by the service), with the focus given back once, on mount. `formRef`
 * goes on the <form>; `onChange` on every control, by its name.
 */
export function useFormTakeover<Values extends Record<string, string>>(
  container: unknown,
  empty: Values,
  readDraft: () => Record<string, string> | undefined = () => undefined,
  given?: Record<string, string>,
) {
  const [snapshot] = useState(() => peekSnapshot(container));
  const [values, setValues] = useState<Values>(() => initialValues(empty, snapshot, readDraft(), given));
  const formRef = useRef<HTMLFormElement>(null);

  useLayoutEffect(() => {
    restoreFocus(formRef.current, snapshot);
    forgetSnapshot(container);
  }, []); // once, on mount

  const onChange = (event: FormControlEvent) => {
    const { name, value } = event.currentTarget;
    setValues((v) => ({ ...v, [name]: value }));
  };

  return { values, setValues, formRef, onChange };
}
