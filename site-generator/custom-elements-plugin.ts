import type { Plugin } from 'vite';
import { widgetApi, type ElementApi } from '../widgets/registry/api.ts';

const modulePath = (tag: string) => `widgets/${tag}.js`;

/** The Custom Elements Manifest (schema 2.1.0) of the elements. */
export function customElementsManifest(elements: ElementApi[]) {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: elements.map((el) => ({
      kind: 'javascript-module',
      path: modulePath(el.tag),
      declarations: [
        {
          kind: 'class',
          name: el.className,
          tagName: el.tag,
          customElement: true,
          description: el.description,
          superclass: { name: 'HTMLElement' },
          attributes: el.attributes.map((a) => ({ name: a.name, fieldName: a.property, type: { text: a.type }, default: a.default, description: a.description })),
          members: el.attributes.map((a) => ({ kind: 'field', name: a.property, type: { text: `${a.type} | undefined` }, attribute: a.name, description: a.description })),
          events: el.events.map((e) => ({ name: e.name, type: { text: `CustomEvent<${e.detail}>` }, description: e.description })),
          cssProperties: el.cssProperties,
          cssParts: el.cssParts,
        },
      ],
      exports: [{ kind: 'custom-element-definition', name: el.tag, declaration: { name: el.className, module: modulePath(el.tag) } }],
    })),
  };
}

/** Properties every HTMLElement has (global attributes): the elements keep the native ones. */
const NATIVE_PROPERTIES: readonly string[] = ['lang'];

/** TypeScript declarations: an interface per element, HTMLElementTagNameMap and HTMLElementEventMap. */
export function typeDeclarations(elements: ElementApi[]): string {
  const lines = ['// Types for the custom elements served from /widgets/. Generated at build from widgets/registry/api.ts.', ''];
  for (const el of elements) {
    lines.push(`/** ${el.description} */`, `export interface ${el.className} extends HTMLElement {`);
    for (const a of el.attributes) {
      lines.push(`  /** ${a.description} Attribute: \`${a.name}\`. Default: ${a.default}. */`);
      // A global attribute (lang) keeps HTMLElement's own property, which reflects it as a string.
      lines.push(NATIVE_PROPERTIES.includes(a.property) ? `  ${a.property}: string; // ${a.type}` : `  ${a.property}?: ${a.type};`);
    }
    lines.push('}', '');
  }
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const el of elements) lines.push(`    '${el.tag}': ${el.className};`);
  lines.push('  }', '  interface HTMLElementEventMap {');
  for (const el of elements) for (const e of el.events) lines.push(`    /** ${e.description} */`, `    '${e.name}': CustomEvent<${e.detail}>;`);
  lines.push('  }', '}', '');
  return lines.join('\n');
}

/** Emits the custom elements manifest and TypeScript declarations for partners' tooling. */
export function customElementsPlugin(): Plugin {
  return {
    name: 'custom-elements-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: JSON.stringify(customElementsManifest(widgetApi), null, 2) + '\n' });
      this.emitFile({ type: 'asset', fileName: 'widgets/index.d.ts', source: typeDeclarations(widgetApi) });
    },
  };
}
