import type { ReactNode } from 'react';

/**
 * One labelled control. The label's trailing " *" is hidden from screen readers (they
 * announce "required"). With `error`, the message shows under the control in an element
 * whose id is `errorId(id)`: the control links it with `aria-describedby` (see `invalidProps`).
 */
export function Field({ id, label, wide, error, children }: { id: string; label: string; wide?: boolean; error?: string; children: ReactNode }) {
  const required = label.endsWith(' *');
  return (
    <div className={wide ? 'field field--wide' : 'field'} part="field">
      <label htmlFor={id} part="label">
        {required ? label.slice(0, -2) : label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p id={errorId(id)} className="field__error" part="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const errorId = (id: string): string => `${id}-error`;

/** The attributes of a control whose value the service refused. */
export function invalidProps(id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {};
}
