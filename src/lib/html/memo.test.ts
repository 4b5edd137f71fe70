import { describe, expect, it } from 'vitest';
import { memoHtml } from './memo.ts';

describe('memoHtml', () => {
  it('renders once per scope and variant; pages rendered at once share the first render', async () => {
    const scope = {};
    let renders = 0;
    const render = async () => `<p>${++renders}</p>`;
    const [a, b] = await Promise.all([memoHtml(scope, 'x', render), memoHtml(scope, 'x', render)]);
    expect([a, b, await memoHtml(scope, 'x', render)]).toEqual(['<p>1</p>', '<p>1</p>', '<p>1</p>']);
    expect(await memoHtml(scope, 'y', render)).toBe('<p>2</p>');
    expect(renders).toBe(2);
  });

  it("never gives one scope's HTML to another (a warm renderer's next tenant)", async () => {
    expect(await memoHtml({}, 'header', async () => 'tenant A')).toBe('tenant A');
    expect(await memoHtml({}, 'header', async () => 'tenant B')).toBe('tenant B');
  });

  it('does not keep a failed render: the next call renders again', async () => {
    const scope = {};
    await expect(memoHtml(scope, 'x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await memoHtml(scope, 'x', async () => 'ok')).toBe('ok');
  });
});
