/**
 * The career form's optional CV control (contract/cv-upload.ts): a real file input with its
 * label and hint, so it works before the script (the form posts multipart/form-data), by
 * keyboard and screen reader, and with a phone's document picker (`accept`). Once a file is
 * chosen its name and size show, with a button that removes it; both are said politely. The
 * file itself is the form's (`file`): one chosen before the takeover, or kept with a waiting
 * send, is put back into the input.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { CV, CV_ACCEPT, CV_MAX_MB } from '../../contract/cv-upload.ts';
import { fileSize } from '../lead-form/cv-file.ts';
import { errorId } from '../lead-form/form-field.tsx';
import type { CvText } from '../i18n/types.ts';

export function CvField({
  id,
  text,
  file,
  error,
  onChoose,
}: {
  id: string;
  text: CvText;
  file: File | null;
  /** The form's mark: the check of the chosen file, or the service's refusal. */
  error?: string;
  /** The visitor chose a file, or removed it; answers what is wrong with it, if anything. */
  onChoose(file: File | null): string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const hintId = `${id}-hint`;
  const chosenId = `${id}-file`;
  const size = file ? fileSize(file.size, text.size) : '';

  useLayoutEffect(() => {
    const el = input.current;
    if (el && (el.files?.[0] ?? null) !== file) showFile(el, file);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const problem = onChoose(chosen);
    setSaid(chosen ? problem ?? `${chosen.name}, ${fileSize(chosen.size, text.size)}` : '');
  };
  const remove = () => {
    onChoose(null);
    setSaid(text.removed);
    input.current?.focus();
  };

  return (
    <div className="field field--wide" part="field">
      <label htmlFor={id} part="label">{text.label}</label>
      <p id={hintId} className="hint">{text.hint(CV_MAX_MB)}</p>
      <input
        ref={input}
        type="file"
        id={id}
        name={CV.control}
        accept={CV_ACCEPT}
        onChange={choose}
        aria-describedby={[hintId, file && chosenId, error && errorId(id)].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        part="input"
      />
      {file ? (
        <p className="chosen">
          <span id={chosenId}>{`${file.name} (${size})`}</span>
          <button type="button" onClick={remove} aria-describedby={chosenId} part="remove">{text.remove}</button>
        </p>
      ) : null}
      {error ? <p id={errorId(id)} className="field__error" part="field-error">{error}</p> : null}
      {typeof document === 'undefined' ? null : <span role="status" className="visually-hidden">{said}</span>}
    </div>
  );
}

/** Puts `file` into the input (DataTransfer), or empties it; a browser that cannot shows the file beside it only. */
function showFile(el: HTMLInputElement, file: File | null): void {
  try {
    const transfer = new DataTransfer();
    if (file) transfer.items.add(file);
    el.files = transfer.files;
  } catch {
    if (!file) el.value = '';
  }
}
