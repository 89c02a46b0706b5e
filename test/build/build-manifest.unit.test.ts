/**
 * /custom-elements.json and /widgets/index.d.ts, generated from the registry's public API:
 * one declaration per element, and declarations that a partner's TypeScript accepts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { customElementsManifest, typeDeclarations } from '../../site-generator/custom-elements-plugin.ts';
import { widgetApi } from '../../widgets/registry/api.ts';
import { REGISTRATION_ERROR, SOCIETY_REGISTRATION, widgetTags } from '../../widgets/registry/names.ts';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

describe('custom elements manifest', () => {
  it('declares every element at its stable URL with its attributes, events, parts and custom properties', () => {
    const manifest = customElementsManifest(widgetApi);
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect(manifest.modules.map((m) => m.path).sort()).toEqual(widgetTags.map((tag) => `widgets/${tag}.js`).sort());
    for (const api of widgetApi) {
      const module = manifest.modules.find((m) => m.path === `widgets/${api.tag}.js`)!;
      const [declaration] = module.declarations;
      expect(declaration).toMatchObject({ tagName: api.tag, name: api.className, customElement: true });
      expect(declaration!.attributes.map((a) => a.name)).toEqual(api.attributes.map((a) => a.name));
      expect(declaration!.events.map((e) => e.name)).toEqual(api.events.map((e) => e.name));
      expect(declaration!.cssParts).toEqual(api.cssParts);
      expect(declaration!.cssProperties).toEqual(api.cssProperties);
      expect(module.exports).toEqual([{ kind: 'custom-element-definition', name: api.tag, declaration: { name: api.className, module: module.path } }]);
    }
  });
});

describe('widgets/index.d.ts', () => {
  it("type-checks a partner's use of the elements and their events, and rejects a wrong one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'widget-types-'));
    temp.push(dir);
    const declarations = path.join(dir, 'index.d.ts');
    fs.writeFileSync(declarations, typeDeclarations(widgetApi));
    const uses = {
      good: `const form = document.querySelector('${SOCIETY_REGISTRATION}');
const heading: string | undefined = form?.heading;
form?.addEventListener('${REGISTRATION_ERROR}', (event) => {
  const reason: 'server' | 'network' | 'timeout' | 'invalid-response' = event.detail.reason;
  const status: number | undefined = event.detail.status;
  console.log(heading, reason, status);
});`,
      bad: `const form = document.querySelector('${SOCIETY_REGISTRATION}');\nconst n: number | undefined = form?.heading;`,
    };
    const files = Object.entries(uses).map(([name, code]) => {
      const file = path.join(dir, `${name}.ts`);
      fs.writeFileSync(file, `import './index.js';\n${code}\nexport {};\n`);
      return file;
    });
    const program = ts.createProgram([declarations, ...files], {
      strict: true,
      noEmit: true,
      skipDefaultLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const errors = (file: string) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors(declarations)).toEqual([]);
    expect(errors(files[0]!)).toEqual([]);
    expect(errors(files[1]!).join('\n')).toMatch(/not assignable to type 'number'/);
  }, 60_000);
});
