/**
 * widgets/element/define-element.ts overrides r2wc's private render method, found under
 * `Symbol.for('r2wc.render')`, to render synchronously (no empty frame when a pre-rendered
 * form is taken over). If r2wc renames or drops it, the override silently stops working:
 * this fails first.
 */
import { describe, expect, it } from 'vitest';

/** Just enough of HTMLElement for r2wc's class to be built and constructed in Node. */
class FakeElement {
  attachShadow() {
    return {};
  }
  getAttribute() {
    return null;
  }
}
Object.assign(globalThis, { HTMLElement: (globalThis as { HTMLElement?: unknown }).HTMLElement ?? FakeElement });

const { default: r2wc } = await import('@r2wc/react-to-web-component');
const { R2WC_RENDER } = await import('../../widgets/element/define-element.ts');

describe("r2wc's render method", () => {
  it('is a method of the class r2wc builds, under the symbol define-element.ts overrides', () => {
    const Base = r2wc(() => null, { shadow: 'open', props: {} }) as unknown as { prototype: Record<symbol, unknown> };
    expect(R2WC_RENDER).toBe(Symbol.for('r2wc.render'));
    expect(typeof Base.prototype[R2WC_RENDER]).toBe('function');
  });

  it('is what connecting the element calls, so an override of it runs', () => {
    const Base = r2wc(() => null, { shadow: 'open', props: {} }) as unknown as new () => { connectedCallback(): void };
    let renders = 0;
    class Element extends Base {
      [R2WC_RENDER]() {
        renders++;
      }
    }
    new Element().connectedCallback();
    expect(renders).toBe(1);
  });
});
