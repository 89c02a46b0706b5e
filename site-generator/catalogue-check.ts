/**
 * The build's check of the catalogues against the templates, before any page is written:
 * it fails, naming each key and where it is, when a catalogue lacks a text a template uses,
 * holds one no template uses, gives a text other values ({name}) or other markup than
 * English's, puts markup in a plain text, or when a template passes values a text does not
 * take or omits one it does. Which texts a template uses is read from the template itself
 * (Handlebars' parser), so a text in a branch that no page happens to render still counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { defaultLanguage, languages } from '../contract/languages.ts';
import { pagesDir } from '../scripts/paths.ts';
import { whereIs, type Catalogue } from './catalogues.ts';
import { GLOBAL_VALUES, PLAIN, RICH, plainTextProblem, richShape, richTextProblem, valuesOf } from './page-texts.ts';

export interface TextUse {
  key: string;
  helper: typeof PLAIN | typeof RICH;
  /** The values the template passes by name. */
  passes: string[];
  /** The template or partial, relative to pages/. */
  template: string;
}

type AstNode = { type?: string; [key: string]: unknown };

/** Every `{{t "…"}}` and `{{t-html "…"}}` in a template (as statements, in sub-expressions, in partial and block arguments). */
export function textUses(source: string, template: string): TextUse[] {
  const uses: TextUse[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as AstNode & { path?: { original?: unknown }; params?: AstNode[]; hash?: { pairs: { key: string }[] } };
    if ((n.type === 'MustacheStatement' || n.type === 'SubExpression') && (n.path?.original === PLAIN || n.path?.original === RICH)) {
      const [key] = n.params ?? [];
      if (n.params?.length !== 1 || key?.type !== 'StringLiteral') {
        throw new Error(`${template}: {{${String(n.path.original)}}} takes one key written as a string ("page.section.text"), so the build can check it`);
      }
      uses.push({ key: String((key as { value: unknown }).value), helper: n.path.original, passes: (n.hash?.pairs ?? []).map((p) => p.key).sort(), template });
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(Handlebars.parse(source));
  return uses;
}

/** The texts used by each template file and partial under pages/ (relative paths). */
export function textUsesOf(files: string[]): TextUse[] {
  return files.flatMap((file) => textUses(fs.readFileSync(path.join(pagesDir, file), 'utf8'), file));
}

/** Every partial under pages/partials/, relative to pages/. */
export const partialFiles = (): string[] =>
  (fs.readdirSync(path.join(pagesDir, 'partials'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.hbs'))
    .map((f) => `partials/${f.split(path.sep).join('/')}`)
    .sort();

/**
 * The problems of a set of catalogues against the texts their pages use. `uses(code)`: the
 * texts used by the templates built in that language (with the partials). `name(code, key)`:
 * where a key lives, for the message. The first catalogue is the reference (English).
 */
export function catalogueProblems(
  catalogues: { code: string; texts: Catalogue }[],
  uses: (code: string) => TextUse[],
  name: (code: string, key: string) => string,
): string[] {
  const problems: string[] = [];
  const reference = catalogues[0]!;
  for (const { code, texts } of catalogues) {
    const used = uses(code);
    const usedKeys = new Set(used.map((u) => u.key));
    for (const key of [...usedKeys].filter((k) => !texts.has(k)).sort()) {
      const by = [...new Set(used.filter((u) => u.key === key).map((u) => u.template))].join(', ');
      problems.push(`missing ${name(code, key)}: used by ${by}`);
    }
    for (const key of [...texts.keys()].filter((k) => !usedKeys.has(k)).sort()) problems.push(`unused ${name(code, key)}: no template uses it`);
    for (const use of used) {
      const text = texts.get(use.key);
      if (text === undefined) continue;
      const problem = use.helper === PLAIN ? plainTextProblem(text) : richTextProblem(text);
      if (problem) problems.push(`${name(code, use.key)} ${problem} (${use.template})`);
    }
    if (code === reference.code) continue;
    for (const [key, text] of texts) {
      const english = reference.texts.get(key);
      if (english === undefined) continue;
      const [own, theirs] = [valuesOf(text).join(', '), valuesOf(english).join(', ')];
      if (own !== theirs) problems.push(`${name(code, key)} has the values {${own}}, but the ${reference.code} text has {${theirs}}`);
      if (/</.test(english) && richShape(text).join('|') !== richShape(english).join('|')) {
        problems.push(`${name(code, key)} has the markup ${JSON.stringify(richShape(text))}, but the ${reference.code} text has ${JSON.stringify(richShape(english))}`);
      }
    }
  }
  // What the templates pass must be what the reference text takes.
  const seen = new Set<string>();
  for (const use of uses(reference.code)) {
    const text = reference.texts.get(use.key);
    if (text === undefined || seen.has(`${use.template} ${use.key} ${String(use.passes)}`)) continue;
    seen.add(`${use.template} ${use.key} ${String(use.passes)}`);
    const takes = valuesOf(text).filter((v) => !(GLOBAL_VALUES as readonly string[]).includes(v));
    const missing = takes.filter((v) => !use.passes.includes(v));
    const extra = use.passes.filter((v) => !takes.includes(v));
    if (missing.length) problems.push(`${use.template}: {{${use.helper} "${use.key}"}} does not pass ${missing.map((v) => `${v}=`).join(', ')}, which the text uses`);
    if (extra.length) problems.push(`${use.template}: {{${use.helper} "${use.key}"}} passes ${extra.map((v) => `${v}=`).join(', ')}, which the text does not use`);
  }
  return problems;
}

/** The problems of the site's catalogues (language code → texts) against its templates, the default language's first. */
export function siteCatalogueProblems(catalogues: Record<string, Catalogue>, uses: (code: string) => TextUse[]): string[] {
  const list = [defaultLanguage, ...languages.filter((l) => l !== defaultLanguage)].map((l) => ({ code: l.code, texts: catalogues[l.code] ?? new Map() }));
  return catalogueProblems(list, uses, whereIs);
}
