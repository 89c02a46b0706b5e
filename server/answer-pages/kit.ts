/**
 * The answer pages' kit, as `vite build` leaves it beside the built site
 * (site-generator/answer-kit-plugin.ts): the forms' renderer (contract/form-post.ts,
 * `AnswerKit`, built from the widgets) and the pages around an answer, made from the built
 * pages themselves. The service loads it at start; without a build it has none, and answers
 * a form's own post with a plain page (pages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerKit } from '../../contract/form-post.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import type { LanguageCode } from '../../contract/languages.ts';
import { answerKitDir } from '../folders.ts';

/** The kit is an ES module with top-level await, named .mjs (its chunks too) so Node and tsx load it as one wherever DIST_DIR is, no package.json above it saying "type": "module". */
export const KIT_FILES = { module: 'answer-kit.mjs', manifest: 'answer-pages.json' } as const;

/** Where a page takes the answer's parts. */
export const MARKERS = { title: '<!--answer:title-->', head: '<!--answer:head-->', main: '<!--answer:main-->' } as const;

/** A built page made into the frame of an answer: its text with MARKERS, and the CSP sources of its own inline styles and scripts. */
export interface AnswerShell {
  html: string;
  styleHashes: string[];
  scriptHashes: string[];
}

export interface AnswerPagesManifest {
  /** `<kind>/<lang>` → that form's own page (contract/form-post.ts LEAD_PAGES) in that language, its main content an answer's. */
  shells: Record<`${LeadKind}/${LanguageCode}`, AnswerShell>;
  /** The framed form's page in each language, with an answer in the form's place (its h1 and the line under the form stay). */
  frameShells: Record<LanguageCode, AnswerShell>;
  /** The framed form's page in each language as built, the form element a marker (main): served with the options of its address, in the language of its `lang=`. */
  framePages: Record<LanguageCode, AnswerShell>;
  /** Each form's CSS for an answer in the page (scoped to the answer), and its CSP source. */
  styles: Record<LeadKind, { css: string; hash: string }>;
}

export interface LoadedKit {
  kit: AnswerKit;
  manifest: AnswerPagesManifest;
}

/** The kit of the built site in `distDir`, or undefined (logged) when the build made none. */
export async function loadAnswerKit(distDir: string, log: FastifyBaseLogger): Promise<LoadedKit | undefined> {
  const dir = answerKitDir(distDir);
  const moduleFile = path.join(dir, KIT_FILES.module);
  const manifestFile = path.join(dir, KIT_FILES.manifest);
  if (!fs.existsSync(moduleFile) || !fs.existsSync(manifestFile)) {
    if (fs.existsSync(path.join(distDir, 'index.html'))) log.warn(`no answer kit in ${dir}: forms sent without script get plain answers (run npm run build)`);
    return undefined;
  }
  const loaded = (await import(pathToFileURL(moduleFile).href)) as { kit: AnswerKit };
  return { kit: loaded.kit, manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as AnswerPagesManifest };
}
