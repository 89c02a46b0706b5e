/**
 * Registers a React component as a custom element with an open shadow root (r2wc),
 * once per page: a second copy of the script (pasted twice, or two versions) leaves
 * the first definition in place.
 *
 * The shadow root gets the widget's CSS as a constructable stylesheet
 * (`adoptedStyleSheets`), which a partner's CSP `style-src` does not govern.
 *
 * Takeover of a pre-rendered root: our pages ship each form as Declarative Shadow DOM
 * (`{{widget}}` in pages, widgets/registry/prerender.tsx). r2wc's constructor calls
 * `attachShadow`, which clears that root; just before it does, the override below
 * records what the visitor typed and where the focus was, and the component starts
 * from that. The first render is synchronous (`flushSync`), so the form is never
 * painted empty: no layout shift.
 * The same record is taken when the element is removed, so moving it keeps the values.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { recordSnapshot } from './takeover.ts';

type R2wcType = 'string' | 'number' | 'boolean' | 'json';

export interface DefineOptions<Props> {
  /** camelCase prop → attribute type; the attribute is the dashed form (apiBase → api-base). */
  props: Partial<Record<Exclude<keyof Props & string, 'container'>, R2wcType>>;
  /** The element's CSS (imported with `?inline`). */
  css: string;
}

/** r2wc's private render method (connectedCallback and attribute changes call it); test/forms/r2wc-internals.unit.test.ts fails if it moves. */
export const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcElement extends HTMLElement {
  connectedCallback(): void;
  disconnectedCallback(): void;
  [R2WC_RENDER](): void;
}

const sheets = new Map<string, CSSStyleSheet>();

/** One constructable sheet per distinct CSS text, shared by every instance. */
export function adoptCss(root: ShadowRoot, css: string): void {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  root.adoptedStyleSheets = [sheet];
}

export function defineElement<Props extends object>(
  tag: string,
  Component: ComponentType<Props>,
  { props, css }: DefineOptions<Props>,
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const Base = r2wc(Component, { shadow: 'open', props: props as never }) as unknown as new () => R2wcElement;
  // A prop named like a global attribute (`lang`) keeps the element's native property
  // (reflecting the attribute, which r2wc observes) instead of r2wc's accessor.
  for (const prop of Object.keys(props)) if (prop in HTMLElement.prototype) delete (Base.prototype as unknown as Record<string, unknown>)[prop];

  class WidgetElement extends Base {
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      recordSnapshot(this);
      const root = super.attachShadow(init);
      adoptCss(root, css);
      return root;
    }

    override [R2WC_RENDER](): void {
      flushSync(() => super[R2WC_RENDER]());
    }

    override disconnectedCallback(): void {
      recordSnapshot(this);
      super.disconnectedCallback();
    }
  }

  customElements.define(tag, WidgetElement);
  return WidgetElement;
}
