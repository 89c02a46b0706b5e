import { useState, type ChangeEvent } from 'react';
import { invalidProps } from './form-field.tsx';
import type { FieldError } from './form-state.ts';
import type { Control } from '../element/takeover.ts';

/**
 * The controls' props and their marks: a field the service refused is marked (`aria-invalid`,
 * its message linked by `aria-describedby`) until the visitor edits it, and a value that
 * breaks the contract's pattern or type shows `mismatchMessage` instead of the browser's
 * generic "match the requested format".
 */
export function useFieldMarks<V extends Record<string, string>>(
  values: V,
  onValueChange: (event: ChangeEvent<Control>) => void,
  mismatchMessage: ((name: string) => string | undefined) | undefined,
) {
  const [fieldError, setFieldError] = useState<FieldError | null>(null);

  const onChange = (event: ChangeEvent<Control>) => {
    const { name } = event.currentTarget;
    event.currentTarget.setCustomValidity(''); // the native constraints judge the new value
    onValueChange(event);
    setFieldError((e) => (e?.name === name ? null : e));
  };

  const onInvalid = (event: { currentTarget: Control }) => {
    const el = event.currentTarget;
    const message = el.validity.patternMismatch || el.validity.typeMismatch ? mismatchMessage?.(el.name) : undefined;
    if (message) el.setCustomValidity(message);
  };

  const errorOf = (name: string): string | undefined => (fieldError?.name === name ? fieldError.message : undefined);

  return {
    fieldError,
    setFieldError,
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
