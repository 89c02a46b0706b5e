/**
 * Imported by the form widgets: defines `<toast-host>` and, if the page has none,
 * appends one at the end of <body> so the form's messages have somewhere to show.
 */
import { TOAST_HOST } from '../registry/names.ts';
import './register.ts';

export function ensureToastHost(): void {
  const add = () => {
    if (!document.querySelector(TOAST_HOST)) document.body.append(document.createElement(TOAST_HOST));
  };
  if (document.body) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}
