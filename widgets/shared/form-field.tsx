import type { ReactNode } from 'react';

/** One labelled control. The label's trailing " *" is hidden from screen readers (they announce "required"). */
export function Field({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  const required = label.endsWith(' *');
  return (
    <div className={wide ? 'field field--wide' : 'field'} part="field">
      <label htmlFor={id} part="label">
        {required ? label.slice(0, -2) : label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
    </div>
  );
}
