import { useState, type ChangeEvent } from 'react';
import { invalidProps } from './form-field.tsx';
import type { FieldError } from './form-state.ts';
import type { Control } from '../element/takeover.ts';

/**
 * The controls' props and their marks: a field the service refused is marked (`aria-invalid`,
 * its message linked by `aria-describedby`) until the visitor edits it, and a value that
 * breaks the contract's pattern or type shows `mismatchMessage` instead of the browser's
 * generic "match the requested format". A form the service draws again starts with every
 * field it refused marked (`initial`); a scripted send marks the one a refusal names.
 */
export function useFieldMarks<V extends Record<string, string>>(
  values: V,
  onValueChange: (event: ChangeEvent<Control>) => void,
  mismatchMessage: ((name: string) => string | undefined) | undefined,
  initial: readonly FieldError[] = [],
) {
  const [fieldErrors, setFieldErrors] = useState<readonly FieldError[]>(initial);

  const onChange = (event: ChangeEvent<Control>) => {
    const { name } = event.currentTarget;
    event.currentTarget.setCustomValidity(''); // the native constraints judge the new value
    onValueChange(event);
    setFieldErrors((errors) => (errors.some((e) => e.name === name) ? errors.filter((e) => e.name !== name) : errors));
  };

  const onInvalid = (event: { currentTarget: Control }) => {
    const el = event.currentTarget;
    const message = el.validity.patternMismatch || el.validity.typeMismatch ? mismatchMessage?.(el.name) : undefined;
    if (message) el.setCustomValidity(message);
  };

  const errorOf = (name: string): string | undefined => fieldErrors.find((e) => e.name === name)?.message;

  return {
    /** The first field marked, if any. */
    fieldError: fieldErrors[0] ?? null,
    /** Marks this one field (a scripted send's refusal), or none. */
    setFieldError: (error: FieldError | null) => setFieldErrors(error ? [error] : []),
    /** Marks the control `name` with `message`, or takes its mark away; the others keep theirs (a file judged when chosen). */
    mark: (name: string, message: string | undefined) =>
      setFieldErrors((errors) => [...errors.filter((e) => e.name !== name), ...(message ? [{ name, message }] : [])]),
    errorOf,
    /** The props of the control `name` (its id is `id`): value, handlers, and its refusal mark. */
    bind: (name: keyof V & string, id: string) => ({
      id,
      name,
      value: values[name],
      onChange,
      onInvalid,
      ...invalidProps(id, errorOf(name)),
    }),
  };
}
