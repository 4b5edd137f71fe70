import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('isDatabaseUnavailable', () => {
  it('names a stopped, restarting or unreachable server, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57P03', 'the database system is shutting down'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([coded('ECONNREFUSED')], 'connect failed')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('ECONNRESET') }))).toBe(true);
    // A bad statement or a constraint is a bug or bad input, not an outage.
    expect(isDatabaseUnavailable(coded('42P01', 'relation "leads" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
