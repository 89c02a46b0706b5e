/**
 * Build-time (Node, no DOM): the Declarative Shadow DOM of the form widgets, inserted
 * by scripts/build/widget-shadow-plugin.ts into our pages. The SAME components render
 * it, so the form paints at its final size before any JavaScript; the only difference
 * is the disabled submit button (`prerendered`), so an Enter press before the script
 * arrives cannot submit the form natively. The <style> is hashed into the page's CSP.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import careerCss from './career-application/css.ts';
import { CareerApplication } from './career-application/CareerApplication.tsx';
import societyCss from './society-registration/css.ts';
import { SocietyRegistration } from './society-registration/SocietyRegistration.tsx';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_m, name: string) => entities[name]);

export function shadowMarkup(tag: string, attributes: Record<string, string>): string | null {
  const props = {
    heading: attributes.heading ? decode(attributes.heading) : undefined,
    intro: attributes.intro ? decode(attributes.intro) : undefined,
    prerendered: true,
  };
  switch (tag) {
    case 'society-registration':
      return `<style>${societyCss}</style>${renderToStaticMarkup(<SocietyRegistration {...props} />)}`;
    case 'career-application':
      return `<style>${careerCss}</style>${renderToStaticMarkup(<CareerApplication {...props} />)}`;
    default:
      return null;
  }
}
