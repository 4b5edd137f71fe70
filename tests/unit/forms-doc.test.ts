/** docs/forms.md says what the submit button reads while a form sends: every busy label a form gives is named there. */
import { globSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The busy labels of the islands: SubmitButton's default and each form's `busyLabel`. */
function busyLabels(): Set<string> {
  const labels = new Set<string>();
  for (const file of globSync('src/islands/**/*.tsx', { cwd: root })) {
    for (const match of readFileSync(resolve(root, file), 'utf8').matchAll(/busyLabel\s*=\s*["'`{]*([^"'`{}]+)["'`}]/g)) labels.add(match[1]!);
  }
  return labels;
}

describe('docs/forms.md', () => {
  it("names every label the submit button reads while sending ('Sending…' and each form's own)", () => {
    const labels = busyLabels();
    expect(labels).toContain('Sending…');
    const sending = /^- Sending:[\s\S]*?(?=^- )/m.exec(readFileSync(resolve(root, 'docs/forms.md'), 'utf8'))?.[0] ?? '';
    expect([...labels].filter((label) => !sending.includes(`'${label}'`))).toEqual([]);
  });
});
