/**
 * Defines <toast-host>. Kept apart from define.ts (the toast-host.js entry) so that the
 * form widgets, which import this module too, share hashed chunks (React, the store)
 * with it instead of importing the short-cached entry file.
 */
import { TOAST_HOST } from '../registry/names.ts';
import { defineElement } from '../element/define-element.ts';
import css from './css.ts';
import { ToastHost } from './ToastHost.tsx';

defineElement(TOAST_HOST, ToastHost, { props: {}, css });
