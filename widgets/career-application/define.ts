import { CAREER_APPLICATION } from '../registry/names.ts';
import { defineElement } from '../element/define-element.ts';
import { ensureToastHost } from '../toast-host/ensure-toast-host.ts';
import { whenLanguagesReady } from '../i18n/index.ts';
import css from './css.ts';
import { CareerApplication } from './CareerApplication.tsx';

whenLanguagesReady(CAREER_APPLICATION, () =>
  defineElement(CAREER_APPLICATION, CareerApplication, { props: { apiBase: 'string', partner: 'string', heading: 'string', intro: 'string', lang: 'string', keepDraft: 'boolean' }, css }),
);
ensureToastHost();
