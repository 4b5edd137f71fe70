import { describe, expect, it } from 'vitest';
import { groupQueue } from './group-queue.ts';

/** A write whose completion the test controls. */
function controlledWrites() {
  const groups: number[][] = [];
  const finish: (() => void)[] = [];
  const write = (items: number[]) => {
    groups.push(items);
    return new Promise<string[]>((resolve) => finish.push(() => resolve(items.map((item) => `done ${item}`))));
  };
  return { groups, finish, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('17.7 group queue (grouped lead inserts and delivery outcomes)', () => {
  it('writes the first item at once and groups the items that arrive while it is written', async () => {
    const { groups, finish, write } = controlledWrites();
    const queue = groupQueue(write);
    const first = queue.push(1);
    expect(groups).toEqual([[1]]);
    const later = [queue.push(2), queue.push(3), queue.push(4)];
    expect(groups).toHaveLength(1);
    expect(queue.size).toBe(4);
    finish[0]!();
    expect(await first).toBe('done 1');
    await tick();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    finish[1]!();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
    await queue.idle();
    expect(queue.size).toBe(0);
  });

  it('answers nobody before the write that carries their item has finished (acknowledged means written)', async () => {
    const { finish, write } = controlledWrites();
    const queue = groupQueue(write);
    const settled: number[] = [];
    void queue.push(1).then(() => settled.push(1));
    void queue.push(2).then(() => settled.push(2));
    await tick();
    expect(settled).toEqual([]);
    finish[0]!();
    await tick();
    expect(settled).toEqual([1]);
    finish[1]!();
    await tick();
    expect(settled).toEqual([1, 2]);
  });

  it('caps a group at max items', async () => {
    const { groups, finish, write } = controlledWrites();
    const queue = groupQueue(write, 2);
    const all = [1, 2, 3, 4, 5].map((item) => queue.push(item));
    finish[0]!();
    await tick();
    finish[1]!();
    await tick();
    finish[2]!();
    await Promise.all(all);
    expect(groups).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('a failed write rejects only its own group; the next group is still written', async () => {
    let calls = 0;
    const queue = groupQueue(async (items: number[]) => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return items.map((item) => item * 10);
    });
    const first = queue.push(1);
    const second = queue.push(2);
    await expect(first).rejects.toThrow('database down');
    expect(await second).toBe(20);
  });

  it('a write that returns the wrong number of results rejects its group instead of answering wrongly', async () => {
    const queue = groupQueue(async () => [1]);
    const first = queue.push(1);
    const rest = [queue.push(2), queue.push(3)];
    expect(await first).toBe(1);
    for (const promise of rest) await expect(promise).rejects.toThrow('returned 1 results for 2 items');
  });
});
