import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ageText, formToken, isOperator, isOperatorPath, releaseTime, renderOperatorPage, type OperatorStatus } from './operator.ts';

const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as IncomingMessage;

describe('operator authentication', () => {
  it('takes the token as a bearer token or as the Basic auth password, nothing else', () => {
    expect(isOperator(request('Bearer s3cret'), 's3cret')).toBe(true);
    expect(isOperator(request(`Basic ${Buffer.from('anyone:s3cret').toString('base64')}`), 's3cret')).toBe(true);
    expect(isOperator(request(`Basic ${Buffer.from('s3cret:wrong').toString('base64')}`), 's3cret')).toBe(false);
    expect(isOperator(request('Bearer s3cre'), 's3cret')).toBe(false);
    expect(isOperator(request(), 's3cret')).toBe(false);
  });
  it('derives a form token that does not reveal the operator token', () => {
    expect(formToken('s3cret')).toMatch(/^[0-9a-f]{64}$/);
    expect(formToken('s3cret')).not.toContain('s3cret');
    expect(formToken('other')).not.toBe(formToken('s3cret'));
  });
  it('owns only the /status paths', () => {
    expect(['/status', '/status.json', '/status/held/a/b/confirm', '/status?done=x'].every(isOperatorPath)).toBe(true);
    expect(['/statusx', '/feeds/a', '/healthz'].some(isOperatorPath)).toBe(false);
  });
});

describe('the operator page', () => {
  const status: OperatorStatus = {
    generatedAt: '2026-11-21T10:00:00.000Z',
    queue: { waiting: 1, running: 2, debouncing: 0 },
    tenants: [
      {
        tenant: 'acme-motors',
        live: { release: '20261121T090000000Z-ab12', publishedAt: '2026-11-21T09:00:00.000Z', ageSeconds: 3600 },
        lastOutcome: 'published',
        rollbackHold: false,
        lastSuccess: null,
        lastFailure: { at: '2026-11-20T10:00:00.000Z', reason: 'checks failed: <script>alert(1)</script>' },
        lastFeed: {
          at: '2026-11-21T09:59:00.000Z',
          source: '<img src=x onerror=alert(1)>.csv',
          kind: 'csv',
          outcome: 'held',
          read: 2,
          valid: 2,
          problems: 0,
          report: 'result: REJECTED - "Make" <b>bold</b>\nrecord 2: price missing',
        },
        heldFeeds: [
          {
            id: '20261121T095900000Z-cd34',
            tenant: 'acme-motors',
            source: '<img src=x onerror=alert(1)>.csv',
            kind: 'csv',
            at: '2026-11-21T09:59:00.000Z',
            file: 'x.csv',
            visibleBefore: 40,
            visibleAfter: 2,
            removed: 38,
            removedIds: [],
            reason: 'the feed would take 38 of 40 visible cars',
          },
        ],
      },
    ],
  };
  const html = renderOperatorPage(status, 'f'.repeat(64), 'Confirmed the held feed of acme-motors: it is taken in and the site is being published.');

  it('escapes feed names and reasons (feed data is untrusted)', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.csv');
  });
  it('shows the release age, the queue, the failure and buttons named for the feed and tenant', () => {
    expect(html).toContain('1 h 0 min old');
    expect(html).toContain('Queue: 2 running, 1 waiting');
    expect(html).toContain('aria-label="Confirm held feed &lt;img src=x onerror=alert(1)&gt;.csv for acme-motors"');
    expect(html).toContain('action="/status/held/acme-motors/20261121T095900000Z-cd34/discard"');
    expect(html).toContain(`<input type="hidden" name="csrf" value="${'f'.repeat(64)}">`);
    expect(html).toContain('<p role="status">Confirmed the held feed of acme-motors');
  });
  it("shows the last feed's report, escaped, behind a disclosure", () => {
    expect(html).toContain(
      '<details><summary>Report</summary><pre>result: REJECTED - &quot;Make&quot; &lt;b&gt;bold&lt;/b&gt;\nrecord 2: price missing</pre></details>',
    );
  });
  it('reads release times from release ids and words ages', () => {
    expect(releaseTime('20261121T101502123Z-1a2b')).toBe(Date.UTC(2026, 10, 21, 10, 15, 2, 123));
    expect(releaseTime('nonsense')).toBeNull();
    expect([ageText(5), ageText(600), ageText(7_500), ageText(200_000)]).toEqual(['5 s', '10 min', '2 h 5 min', '2 d 7 h']);
  });
});

describe('operator attempt limits (issue 34 N12)', () => {
  it('N12: five wrong tokens are free, then the wait doubles from 1 s up to 15 minutes; a right token clears it', async () => {
    const { OperatorAttempts, checkOperatorToken } = await import('./operator.ts');
    let now = 1_000_000;
    const attempts = new OperatorAttempts(() => now);
    for (let i = 0; i < 4; i++) attempts.failed('203.0.113.1');
    expect(attempts.waitMs('203.0.113.1')).toBe(0);
    attempts.failed('203.0.113.1');
    expect(attempts.waitMs('203.0.113.1')).toBe(1000);
    attempts.failed('203.0.113.1');
    expect(attempts.waitMs('203.0.113.1')).toBe(2000);
    for (let i = 0; i < 20; i++) attempts.failed('203.0.113.1');
    expect(attempts.waitMs('203.0.113.1')).toBe(15 * 60_000);
    expect(attempts.waitMs('198.51.100.1')).toBe(0);
    now += 15 * 60_000;
    expect(attempts.waitMs('203.0.113.1')).toBe(0);
    attempts.succeeded('203.0.113.1');
    attempts.failed('203.0.113.1');
    expect(attempts.waitMs('203.0.113.1')).toBe(0);
    expect(() => checkOperatorToken('short')).toThrow(/PIPELINE_OPERATOR_TOKEN: expected at least 32/);
    expect(() => checkOperatorToken('x'.repeat(32))).toThrow(/PIPELINE_OPERATOR_TOKEN: it repeats one character/);
    expect(() => checkOperatorToken('n12-operator-token-with-more-than-32-characters')).not.toThrow();
    expect(() => checkOperatorToken(undefined)).not.toThrow();
  });
});
