/**
 * One process opening the pipeline state in a data directory (argv[2]) and closing it: what
 * a pipeline worker does at start. Prints `ok`, or `FAIL <message>` and exits 1.
 * Used by sqlite-open-race.test.ts.
 */
import { openPipelineState } from '../../src/pipeline/state/store.ts';

try {
  const state = await openPipelineState({ dataDir: process.argv[2]!, stockMirror: false });
  await state.close();
  console.log('ok');
} catch (error) {
  console.log(`FAIL ${(error as Error).message}`);
  process.exit(1);
}
