/** npm start's first line: what it does before anything listens (the first run was silent for minutes). */
import { describe, expect, it } from 'vitest';
import { devMessagesLine, startLine } from './start-line.ts';

describe('npm start: the start line', () => {
  it('a first run says it builds every tenant before serving and can take minutes', () => {
    expect(startLine({ tenants: 4, published: 0, sites: 'dist' })).toBe(
      'npm start: publishing 4 tenants into dist/ before serving; a first run builds every tenant and can take minutes (a release line says each tenant as it is published)',
    );
  });

  it('a later run says it brings the published tenants up to date, and names the ones still to build', () => {
    expect(startLine({ tenants: 4, published: 4, sites: 'dist' })).toBe(
      'npm start: bringing 4 published tenants in dist/ up to date before serving (seconds when nothing changed)',
    );
    expect(startLine({ tenants: 5, published: 4, sites: 'dist' })).toBe(
      'npm start: publishing 5 tenants into dist/ before serving; 1 not yet published is built first, which can take minutes (a release line says each tenant as it is published)',
    );
  });
});

describe('npm start: where a sign-in code can be read', () => {
  // Whether the dev message log is on is the config's choice (startsWithDevMessages, src/config/server.test.ts); this line only says where.
  it('names the dev message log on the port npm start serves', () => {
    expect(devMessagesLine(4321)).toBe(
      'sign-in codes and e-mails are not sent (no SMS_API_URL / MAIL_API_URL): read them at http://<slug>.localhost:4321/api/dev/messages?to=<phone or e-mail>',
    );
  });
});
