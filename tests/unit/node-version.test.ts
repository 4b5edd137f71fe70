import { describe, expect, it } from 'vitest';

// Astro 7 and the project's tooling need Node >= 22.12; the machine's Node is 20.
// npm scripts must run on the Node 24 that the `node` devDependency installs.
describe('toolchain', () => {
  it('runs on Node 22 or newer', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(major).toBeGreaterThanOrEqual(22);
  });
});
