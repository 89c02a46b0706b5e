/**
 * A page's inlined stylesheet without the rules that can match nothing in it: a rule whose
 * every selector names a class no element of the page has (nor a page script adds) goes.
 * Every page inlines site.css whole (one source of the site's look), so this is what keeps
 * a page in its first round trip (14 KB) as the languages, and their texts, grow. Only a
 * class outside brackets and functional pseudo-classes decides (`:not(.x)`, `[href$=".svg"]`
 * never remove a rule); an @media or @supports left empty goes too.
 */
import postcss, { type AtRule, type Rule } from 'postcss';
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';

/** Classes a page script puts on an element after load (pages/embed/embed-page.ts prints the QR code alone). */
export const SCRIPT_CLASSES: readonly string[] = ['print-qr'];

/** The classes a selector requires of one element or another: those outside strings, brackets and parentheses. */
export function requiredClasses(selector: string): string[] {
  let plain = selector.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""').replace(/\[[^\]]*\]/g, '[]');
  // Innermost parentheses first, until none is left.
  while (/\([^()]*\)/.test(plain)) plain = plain.replace(/\([^()]*\)/g, '');
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
}

/** Every class of every element of the page (shadow-root templates included). */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>(SCRIPT_CLASSES);
  const walk = (node: T.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      for (const name of child.attrs.find((a) => a.name === 'class')?.value.split(/\s+/) ?? []) if (name) classes.add(name);
      walk(child.tagName === 'template' ? (child as T.Template).content : child);
    }
  };
  walk(parse(html));
  return classes;
}

/** The stylesheet without the rules no element of a page with `classes` can match; the rest exactly as written. */
export function withoutUnusedRules(css: string, classes: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    // Keyframe steps ("from", "50%") are not selectors of elements.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const used = rule.selectors.filter((selector) => requiredClasses(selector).every((name) => classes.has(name)));
    if (used.length === 0) rule.remove();
    else if (used.length < rule.selectors.length) rule.selector = used.join(',');
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
