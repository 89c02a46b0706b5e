/**
 * The pages' texts, one catalogue per language (Hugo's i18n/ folder, Eleventy's i18n plugin):
 * pages/i18n/<code>/<file>.json, one file per page (`home.json`, `features.json`, …) and
 * one for what every page shares (`layout.json`: header, footer, drawings). A text's key is
 * its file's name, then its path inside the file: "home.hero.title" is `hero.title` of
 * home.json. The notice pages have one file per language: pages/i18n/notice/<code>.json.
 *
 * A text is plain (escaped where it is placed) unless a template places it with `{{t-html}}`;
 * `{name}` marks a value the template passes (page-texts.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pagesDir } from '../scripts/paths.ts';

/** Key → text. */
export type Catalogue = ReadonlyMap<string, string>;

export const cataloguesDir = path.join(pagesDir, 'i18n');

type Tree = { [key: string]: string | Tree };

/** A JSON file's texts under `prefix` ("home."), its nesting joined with dots; anything but strings and objects fails, naming the key. */
function flatten(tree: unknown, prefix: string, file: string, into: Map<string, string>): void {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    throw new Error(`${file}: ${prefix.replace(/\.$/, '') || 'the file'} must be an object of texts`);
  }
  for (const [key, value] of Object.entries(tree as Tree)) {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`${file}: key "${prefix}${key}": letters, digits, "-" and "_" only`);
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, file, into);
  }
}

/** One JSON file's texts, keyed from `prefix`. */
export function readCatalogueFile(file: string, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  let tree: unknown;
  try {
    tree = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(pagesDir, file)}: ${(error as Error).message}`, { cause: error });
  }
  flatten(tree, prefix, path.relative(pagesDir, file), texts);
  return texts;
}

/** A language's glossary beside its catalogue (pages/i18n/<code>/glossary.json: one word for each concept, docs/translating.md): no page's texts. */
export const GLOSSARY_FILE = 'glossary.json';

/** A site language's catalogue: every pages/i18n/<code>/*.json but its glossary, each file's keys under its name. Empty when the folder is missing. */
export function loadSiteCatalogue(code: string, dir = cataloguesDir): Map<string, string> {
  const folder = path.join(dir, code);
  const texts = new Map<string, string>();
  if (!fs.existsSync(folder)) return texts;
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.json') && f !== GLOSSARY_FILE).sort()) {
    for (const [key, text] of readCatalogueFile(path.join(folder, file), `${file.slice(0, -'.json'.length)}.`)) texts.set(key, text);
  }
  return texts;
}

/** Where a key of a site language lives: "home.hero.title" → pages/i18n/hi/home.json, `hero.title`. */
export function whereIs(code: string, key: string): string {
  const [file, ...rest] = key.split('.');
  return `pages/i18n/${code}/${file}.json, "${rest.join('.')}"`;
}
