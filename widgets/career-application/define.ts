import { defineElement } from '../shared/define-element.ts';
import { ensureToastHost } from '../shared/ensure-toast-host.ts';
import css from './css.ts';
import { CareerApplication } from './CareerApplication.tsx';

export const tag = 'career-application';

defineElement(tag, CareerApplication, { props: { apiBase: 'string', partner: 'string', heading: 'string', intro: 'string' }, css });
ensureToastHost();
