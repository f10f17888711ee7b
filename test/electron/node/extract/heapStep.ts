// A post-process step for extractPoolScale.test.ts: what the worker's isolate holds (its heap and
// the memory outside it, where long strings and array buffers live) when it gets a text.
import { getHeapStatistics } from 'node:v8';

export default function heapStep(): { heldBytes: number } {
  const { used_heap_size: heap, external_memory: external } = getHeapStatistics();
  return { heldBytes: heap + external };
}
