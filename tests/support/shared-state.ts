/**
 * The pipeline state as two machines share it in the lead API tests: the pipeline's
 * connection and the lead API's StateStockSource. On SQLite both use one data directory; on
 * PostgreSQL each machine has a data directory of its own, the records in the database and
 * the files in a bucket stand-in folder (`<dir>/bucket`).
 */
import { join } from 'node:path';
import { DirectoryObjectStore } from '../../src/platform/bucket/object-store.ts';
import { objectFileStore } from '../../src/pipeline/state/files.ts';
import { openStockSource, StateStockSource } from '../../src/pipeline/state/stock-source.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';

export async function openSharedState(kind: 'sqlite' | 'postgres', dir: string, databaseUrl?: string): Promise<{ pipeline: PipelineState; source: StateStockSource }> {
  const data = (machine: string) => join(dir, machine, 'data');
  if (kind === 'sqlite') return { pipeline: await openPipelineState({ dataDir: data('pipeline') }), source: await openStockSource({ dataDir: data('pipeline') }) };
  const files = objectFileStore(new DirectoryObjectStore(join(dir, 'bucket')));
  const pipeline = await openPipelineState({ dataDir: data('pipeline'), databaseUrl, files, stockMirror: false });
  const source = new StateStockSource(await openPipelineState({ dataDir: data('api'), databaseUrl, files, stockMirror: false }));
  return { pipeline, source };
}
