// @vitest-environment happy-dom
/** The chips list alone: names, removal, and where focus goes after a removal. */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Chips } from './Chips.tsx';
import { mountRoot } from '../../../../tests/support/mount-root.ts';

const mounted = mountRoot();

function Harness({ initial, onEmptied }: { initial: string[]; onEmptied: () => void }) {
  const [chips, setChips] = useState(initial.map((label) => ({ key: label, label })));
  return <Chips label="Chosen filters" chips={chips} onEmptied={onEmptied} onRemove={(key) => setChips((list) => list.filter((chip) => chip.key !== key))} />;
}

describe('Chips', () => {
  it('names each chip "Remove <filter>" and moves focus to the chip in its place, then to onEmptied', () => {
    let emptied = 0;
    act(() => mounted.render(<Harness initial={['Diesel', 'Ute', 'Under $30,000']} onEmptied={() => (emptied += 1)} />));
    const buttons = () => [...mounted.host.querySelectorAll('button')];
    expect(mounted.host.querySelector('ul')?.getAttribute('aria-label')).toBe('Chosen filters');
    expect(buttons().map((button) => button.textContent)).toEqual(['Remove Diesel×', 'Remove Ute×', 'Remove Under $30,000×']);
    act(() => buttons()[1]!.click());
    expect(buttons().map((button) => button.textContent)).toEqual(['Remove Diesel×', 'Remove Under $30,000×']);
    expect(document.activeElement?.textContent).toBe('Remove Under $30,000×');
    act(() => buttons()[1]!.click());
    expect(document.activeElement?.textContent).toBe('Remove Diesel×');
    act(() => buttons()[0]!.click());
    expect(mounted.host.querySelector('ul')).toBeNull();
    expect(emptied).toBe(1);
  });
});
