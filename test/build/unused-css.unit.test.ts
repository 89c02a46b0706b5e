/**
 * A page inlines only the rules of its stylesheets that can match something in it
 * (site-generator/unused-css.ts): a rule goes when every selector names a class the page
 * lacks; the rest stays byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { pageClasses, requiredClasses, withoutUnusedRules } from '../../site-generator/unused-css.ts';

describe('unused rules', () => {
  it('reads the classes a selector requires, not those in brackets, strings or pseudo-class arguments', () => {
    expect(requiredClasses('.site-menu:not([open]) + .site-nav a')).toEqual(['site-menu', 'site-nav']);
    expect(requiredClasses('img[src$=".svg"]')).toEqual([]);
    expect(requiredClasses('.a:not(.b):is(.c, .d)::part(form)')).toEqual(['a']);
    expect(requiredClasses('a[href^="tel"]')).toEqual([]);
    expect(requiredClasses('html.print-qr .share__qr')).toEqual(['print-qr', 'share__qr']);
  });

  it('drops what no element can match, and @media or @supports left empty; keeps the rest as written', () => {
    const css = '.a{color:red}.b,.a .c{margin:0}.gone{top:0}@media (min-width:60rem){.gone{left:0}}@media print{.a{x:y}}@keyframes k{from{opacity:0}to{opacity:1}}p{margin:0}';
    expect(withoutUnusedRules(css, new Set(['a', 'c']))).toBe('.a{color:red}.a .c{margin:0}@media print{.a{x:y}}@keyframes k{from{opacity:0}to{opacity:1}}p{margin:0}');
    expect(withoutUnusedRules(css, new Set(['a', 'b', 'c', 'gone']))).toBe(css);
  });

  it('takes the classes of every element, those of shadow-root templates, and those page scripts add', () => {
    const classes = pageClasses('<p class="x  y"><template shadowrootmode="open"><b class="z"></b></template></p>');
    expect([...classes].sort()).toEqual(['print-qr', 'x', 'y', 'z']);
  });
});
