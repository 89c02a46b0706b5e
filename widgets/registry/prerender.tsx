/**
 * Server-side (Node, no DOM): the Declarative Shadow DOM of the forms, for the
 * `{{widget}}` page helper (site-generator/widget-helper.ts) and the service's framed form
 * (registry/answer-kit.tsx). The SAME components render it, so a form paints at its final
 * size before any JavaScript; until its script takes over it is a plain form the browser
 * posts itself. The <style> text is the very string the element adopts as its stylesheet,
 * and is hashed into the page's CSP.
 */
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import careerCss from '../career-application/css.ts';
import { CareerApplication } from '../career-application/CareerApplication.tsx';
import societyCss from '../society-registration/css.ts';
import { SocietyRegistration } from '../society-registration/SocietyRegistration.tsx';
import { LANGUAGE_CODES } from '../../contract/languages.ts';
import { hasMessages, loadMessages, type WidgetLanguage } from '../i18n/index.ts';
import type { LeadFormProps } from '../lead-form/use-lead-form.ts';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from './names.ts';

// The browser loads a language's catalogue before it takes a form over; the build loads every
// language of the list (contract/languages.ts) before it renders any form: a language whose
// catalogue is missing fails here (and its importer in widgets/i18n/index.ts fails the typecheck).
await Promise.all(
  LANGUAGE_CODES.map(async (code) => {
    const messages = await loadMessages(code);
    if (messages.lang !== code) throw new Error(`widgets/i18n/${code}.ts holds the catalogue of lang "${messages.lang}"`);
  }),
);

/** The attributes a page may set on a pre-rendered form (a subset of its public API). */
export interface PrerenderProps {
  heading?: string;
  intro?: string;
  /** The form's language (the element's `lang` attribute; the page's language): English when absent. */
  lang?: WidgetLanguage;
  /** The embedder's partner id (the frame's `?partner=`): its own post carries it. */
  partner?: string;
}

type FormComponent = ComponentType<LeadFormProps>;

export const forms: Record<string, { Component: FormComponent; css: string }> = {
  [SOCIETY_REGISTRATION]: { Component: SocietyRegistration, css: societyCss },
  [CAREER_APPLICATION]: { Component: CareerApplication, css: careerCss },
};

export const prerenderedTags: readonly string[] = Object.keys(forms);

/** The shadow root's content: the element's stylesheet and the form as the browser will render it. */
export function shadowRootOf(tag: string, props: PrerenderProps): { css: string; html: string } {
  const form = forms[tag];
  if (!form) throw new Error(`<${tag}> has no pre-render; pre-rendered: ${prerenderedTags.join(', ')}`);
  if (props.lang && !hasMessages(props.lang)) throw new Error(`<${tag} lang="${props.lang}">: no catalogue for "${props.lang}" (widgets/i18n/)`);
  return { css: form.css, html: renderToStaticMarkup(<form.Component {...props} />) };
}

/** The <template shadowrootmode="open"> of a pre-rendered form: its <style>, then its markup. */
export function shadowRootTemplate(tag: string, props: PrerenderProps): string {
  const { css, html } = shadowRootOf(tag, props);
  return `<template shadowrootmode="open"><style>${css}</style>${html}</template>`;
}
