import { describe, expect, it } from 'vitest';
import { cascadeConflicts, declarations, pageSheets, RELIED_ON_ORDER, sheetName } from './css-order.ts';

describe('css-order: the stylesheet pairs whose order decides a page look', () => {
  const files: Record<string, string> = {
    '/_astro/_slug_.B3VdMX0e.css': '.vehicle{padding:1rem}.toast{bottom:5rem;color:#fff}@media (width>=900px){.toast{bottom:6rem}}',
    '/_astro/SiteLayout.CramvWT-.css': '@charset "UTF-8";.button{color:red}.toast{color:#fff}',
    '/_astro/forms.CNEavk9u.css': '/* kit */.toast{bottom:1rem;color:#fff}.form-errors,.alert--destructive{padding:0}@media (width>=900px){.toast{bottom:6rem}}',
  };
  const read = (href: string) => files[href];

  it('names a built sheet without its hash and lists a page sheets in document order, inline styles too', () => {
    expect(sheetName('/_astro/forms.CNEavk9u.css')).toBe('forms');
    const html = '<head><style>:root{--a:1}</style><link rel="stylesheet" href="/_astro/_slug_.B3VdMX0e.css"><link rel="icon" href="/x.svg"><link rel="stylesheet" href="/_astro/gone.x.css"></head>';
    expect(pageSheets(html, read).map((sheet) => sheet.name)).toEqual(['inline :root', '_slug_']);
  });

  it('reads declarations per selector and at-rule context (comments, @charset and selector lists handled)', () => {
    const rules = declarations(files['/_astro/forms.CNEavk9u.css']!);
    expect(rules.get('.toast')?.get('bottom')).toBe('1rem');
    expect(rules.get('@media (width>=900px) .toast')?.get('bottom')).toBe('6rem');
    expect(rules.get('.alert--destructive')?.get('padding')).toBe('0');
    expect(declarations(files['/_astro/SiteLayout.CramvWT-.css']!).get('.button')?.get('color')).toBe('red');
  });

  it('finds the pairs that disagree on one selector property, earlier sheet first; equal values are no conflict', () => {
    const html = ['_slug_.B3VdMX0e', 'SiteLayout.CramvWT-', 'forms.CNEavk9u'].map((name) => `<link rel="stylesheet" href="/_astro/${name}.css">`).join('');
    expect(cascadeConflicts(pageSheets(html, read))).toEqual([{ earlier: '_slug_', later: 'forms', selectors: ['.toast'] }]);
  });

  it('a swapped order shows as a different pair, so it cannot match the order the site relies on', () => {
    const swapped = ['forms.CNEavk9u', '_slug_.B3VdMX0e'].map((name) => `<link rel="stylesheet" href="/_astro/${name}.css">`).join('');
    const conflicts = cascadeConflicts(pageSheets(swapped, read));
    expect(conflicts).toEqual([{ earlier: 'forms', later: '_slug_', selectors: ['.toast'] }]);
    expect(conflicts.every((conflict) => RELIED_ON_ORDER.some((relied) => relied.earlier === conflict.earlier && relied.later === conflict.later))).toBe(false);
  });
});
