/** Defines <faq-accordion> once per page. */
import { FAQ_ACCORDION } from '../registry/names.ts';
import { defineElement } from '../element/define-element.ts';
import { FaqAccordion } from './FaqAccordion.tsx';
import own from './styles.css?raw';

defineElement(FAQ_ACCORDION, FaqAccordion, { props: {}, css: own });
