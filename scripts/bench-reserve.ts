#!/usr/bin/env node
/**
 * Paid reservation to live page (issue 16: "marks the car reserved on the live site within a
 * minute"). A tenant (default the demo sunstate-motor-group, copied to a temp folder) gets
 * its first release; then the lead API's reserved overlay is written for one car (what a
 * paid webhook does) and the seconds to the published release showing the car reserved are
 * measured. The pipeline's poll (2 s) and debounce (2 s by default) come on top.
 *
 *   npx node scripts/bench-reserve.ts [--tenant tenants/sunstate-motor-group]
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environment, setEnvironment } from '../src/config/env.ts';
import { updateReservationOverlay } from '../src/lib/vehicle/reservation-overlay.ts';
import { loadTenant } from '../src/lib/site/tenant.ts';
import { rebuildTenant } from '../src/pipeline/release/run.ts';
import { tenantPaths } from '../src/pipeline/state/release-dirs.ts';

const { values } = parseArgs({ options: { tenant: { type: 'string', default: 'tenants/sunstate-motor-group' } } });
setEnvironment('PIPELINE_CODE_VERSION', environment().PIPELINE_CODE_VERSION ?? `bench-${Date.now()}`);
const work = mkdtempSync(join(tmpdir(), 'bench-reserve-'));
const tenantDir = join(work, 'tenants', basename(values.tenant));
const sitesDir = join(work, 'sites');
try {
  cpSync(resolve(values.tenant), tenantDir, { recursive: true });
  const first = await rebuildTenant({ tenantDir, sitesDir });
  const car = loadTenant(tenantDir).visible.find((each) => each.status === 'in_stock' && !each.reserved)!;
  const started = performance.now();
  updateReservationOverlay(tenantDir, (overlay) => ({ ...overlay, [String(car.id)]: { reference: 'pi_bench', reserved_at: new Date().toISOString() } }));
  const release = await rebuildTenant({ tenantDir, sitesDir });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const page = readFileSync(join(tenantPaths(sitesDir, basename(tenantDir)).base, 'current', 'cars', car.slug, 'index.html'), 'utf8');
  console.log(JSON.stringify({ tenant: basename(tenantDir), cars: loadTenant(tenantDir).visible.length, firstRelease: { mode: first.mode, seconds: first.seconds }, reserved: { outcome: release.outcome, mode: release.mode, renderedWith: release.renderedWith, rendered: release.rendered, seconds, pageShowsReserved: page.includes('>Reserved<') } }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
