import { SOCIETY_REGISTRATION } from '../registry/names.ts';
import { defineElement } from '../element/define-element.ts';
import { ensureToastHost } from '../toast-host/ensure-toast-host.ts';
import { whenLanguagesReady } from '../i18n/index.ts';
import css from './css.ts';
import { SocietyRegistration } from './SocietyRegistration.tsx';

whenLanguagesReady(SOCIETY_REGISTRATION, () =>
  defineElement(SOCIETY_REGISTRATION, SocietyRegistration, { props: { apiBase: 'string', partner: 'string', heading: 'string', intro: 'string', lang: 'string', keepDraft: 'boolean' }, css }),
);
ensureToastHost();
