// How much work the extraction pool sees waiting: what decides when it starts another worker.
import { candidateFormat } from './detectFormat.ts';

/**
 * Microseconds of work waiting, per worker already started, past which one more starts. A worker
 * costs 0.25–0.6 CPU-s to start and compile its code (docs/benchmarks.md): one document, or a few
 * hundred small ones, are read sooner by the worker already warm than by one still starting.
 */
export const WORK_PER_WORKER_US = 500_000;
/**
 * A document's estimated microseconds of work: a round trip and its bytes, at the rates
 * `bench:formats` measured (plain text and HTML 15–60 MB/s; PDFs and packaged formats 0.2–3 MB/s).
 */
export function workUs(path: string, bytes: number): number {
  const format = candidateFormat(path);
  const bytesPerUs = format === 'text' || format === 'html' || format === null ? 20 : 1;
  return 200 + Math.round(bytes / bytesPerUs);
}
