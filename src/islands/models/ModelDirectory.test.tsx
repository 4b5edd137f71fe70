// @vitest-environment happy-dom
/**
 * The model directory's address (?p=): a page past the last (an old link, a bookmark from when
 * the range was larger) opens the last page, its address replaced in place, as the products
 * listing and the search pages do (docs/search.md), not the count over an empty list.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import type { DirectoryDocument } from '../../lib/range/directory.ts';
import ModelDirectory from './ModelDirectory.tsx';

const mounted = mountRoot();
afterEach(() => window.history.replaceState(null, '', '/'));

/** 45 models: three pages of 21, 21 and 3. */
const documents: DirectoryDocument[] = Array.from({ length: 45 }, (_, index) => ({
  id: `m${index}`,
  name: `Model ${String(index).padStart(2, '0')}`,
  bodies: 'Sedan',
  manufacturer: 'Toyota',
  body_type: ['Sedan'],
  href: `/models/m${index}`,
}));

async function open(address: string): Promise<void> {
  window.history.replaceState(null, '', address);
  mounted.render(<ModelDirectory documents={documents} />);
  await act(async () => {});
}

describe('the model directory past its last page', () => {
  it('opens the last page, its number current, the address replaced with no history entry', async () => {
    const entries = window.history.length;
    await open('/models?p=9');
    expect(window.location.pathname + window.location.search).toBe('/models?p=3');
    expect(window.history.length).toBe(entries);
    expect(mounted.host.querySelectorAll('[data-testid="directory-model"]')).toHaveLength(3);
    expect(mounted.host.querySelector('[aria-current="page"]')!.textContent).toBe('Page 3');
  });

  it('a search with no model keeps its address and its empty list', async () => {
    await open('/models?q=zzz&p=2');
    expect(window.location.search).toBe('?q=zzz&p=2');
    expect(mounted.host.querySelectorAll('[data-testid="directory-model"]')).toHaveLength(0);
  });
});
