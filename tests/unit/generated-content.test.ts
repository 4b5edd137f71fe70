/**
 * Strings the CSS draws (`content: '▾'`, a breadcrumb's '/') are drawings, not words: each has
 * empty alternative text (`content: '▾' / ''`), so a screen reader does not read it into a
 * control's name or a list item. A browser without that syntax (Firefox before 128, Safari
 * before 17.4) drops the whole declaration, and a dropdown whose own marker is hidden would show
 * no triangle at all: so the plain declaration comes first, as its fallback. Numbers drawn by
 * counter() are content and are left alone.
 */
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Rule {
  file: string;
  selector: string;
  /** The values of its content declarations, in order. */
  contents: string[];
}

/** The style rules of the stylesheets and of the components' <style> blocks, comments removed. */
function rules(): Rule[] {
  const found: Rule[] = [];
  for (const file of globSync('src/**/*.{css,astro}')) {
    const text = readFileSync(file, 'utf8');
    const css = file.endsWith('.astro') ? [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((block) => block[1]!).join('\n') : text;
    for (const match of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
      const contents = [...match[2]!.matchAll(/(?<![\w-])content:\s*([^;]+)/g)].map((declaration) => declaration[1]!.trim());
      if (contents.length > 0) found.push({ file, selector: match[1]!.trim(), contents });
    }
  }
  return found;
}

const EMPTY = /^(['"])\1$/;
const HIDDEN = /^(.*?)\s*\/\s*(['"])\2$/;

/** What is wrong with a rule's content: '' when it draws nothing or draws a string hidden from assistive technology, after its plain fallback. */
function contentProblem(contents: string[]): string {
  const last = contents.at(-1)!;
  if (EMPTY.test(last) || last.includes('counter(')) return '';
  const hidden = HIDDEN.exec(last);
  if (!hidden) return 'read by screen readers (no empty alternative text)';
  if (contents.at(-2) !== hidden[1]) return `no plain fallback (content: ${hidden[1]}) before it`;
  return '';
}

describe('generated content', () => {
  it('the rule itself tells a drawn string that is read, or has no fallback, from one that is right', () => {
    expect(contentProblem(["'/'"])).toMatch(/read by screen readers/);
    expect(contentProblem(["' ▾' / ''"])).toMatch(/no plain fallback/);
    expect(contentProblem(["' ▾'", "' ▾' / ''"])).toBe('');
    expect(contentProblem(["''"])).toBe('');
    expect(contentProblem(["counter(step) '. '"])).toBe('');
  });

  it('every string the CSS draws is hidden from assistive technology, after a plain fallback', () => {
    const found = rules();
    expect(found.some((rule) => rule.selector.includes('.breadcrumbs'))).toBe(true);
    const problems = found.map((rule) => ({ at: `${rule.file} ${rule.selector}`, problem: contentProblem(rule.contents) })).filter((each) => each.problem);
    expect(problems).toEqual([]);
  });
});
