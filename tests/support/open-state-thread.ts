/**
 * A worker thread that opens the pipeline state in `workerData.dataDir` the moment the shared
 * flag (`workerData.start`, an Int32Array's buffer) is raised, then closes it; posts `ok` or
 * `FAIL <message>`. Threads released together open one fresh file within microseconds of each
 * other, as two workers starting together sometimes do. Used by sqlite-open-race.test.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPipelineState } from '../../src/pipeline/state/store.ts';

const { dataDir, start } = workerData as { dataDir: string; start: SharedArrayBuffer };
const flag = new Int32Array(start);
Atomics.add(flag, 1, 1);
Atomics.wait(flag, 0, 0);
try {
  const state = await openPipelineState({ dataDir, stockMirror: false });
  await state.close();
  parentPort!.postMessage('ok');
} catch (error) {
  parentPort!.postMessage(`FAIL ${(error as Error).message}`);
}
