/**
 * The machine a process runs on, read in one place: its cores (Node's availableParallelism(),
 * which follows the process's CPU affinity) and its memory. Whatever is sized to the machine
 * takes its figures from here: the pipeline's core gate (pipeline.ts workerConcurrency, with
 * PIPELINE_CORES), the render's processes (builder/render/engine.ts), the feed parse workers,
 * and the commands' default `--jobs`. Tests pass a MachineSize of their own where it matters.
 */
import { availableParallelism, totalmem } from 'node:os';

/** The machine a process runs on: its cores and memory (MB). */
export interface MachineSize {
  cores: number;
  memoryMb: number;
}

/** This machine. */
export function thisMachine(): MachineSize {
  return { cores: availableParallelism(), memoryMb: Math.floor(totalmem() / 1024 / 1024) };
}
