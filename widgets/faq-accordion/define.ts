/** Defines <faq-accordion> once per page. */
import { defineElement } from '../shared/define-element.ts';
import { FaqAccordion, tag } from './FaqAccordion.tsx';
import own from './styles.css?raw';

export { tag };
export const FaqAccordionElement = defineElement(tag, FaqAccordion, { props: {}, css: own });
