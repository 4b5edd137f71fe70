/**
 * npm start's first line (scripts/start.ts): nothing listens while it publishes, so it says
 * what it does and how long a first run takes; each tenant is then said by its `release` line.
 */
export function startLine(options: { tenants: number; published: number; sites: string }): string {
  const { tenants, published, sites } = options;
  const noun = tenants === 1 ? 'tenant' : 'tenants';
  const saidEach = '(a release line says each tenant as it is published)';
  if (published >= tenants) return `npm start: bringing ${tenants} published ${noun} in ${sites}/ up to date before serving (seconds when nothing changed)`;
  if (published === 0)
    return `npm start: publishing ${tenants} ${noun} into ${sites}/ before serving; a first run builds every tenant and can take minutes ${saidEach}`;
  return `npm start: publishing ${tenants} ${noun} into ${sites}/ before serving; ${tenants - published} not yet published ${tenants - published === 1 ? 'is' : 'are'} built first, which can take minutes ${saidEach}`;
}
