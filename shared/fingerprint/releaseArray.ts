// Scratch arrays of a long document (tens of MB of hashes) are released at once rather than at
// the next garbage collection: a worker that goes idle after its last document collects nothing,
// and keeps that memory for as long as it lives.

/**
 * Frees the memory of `array`, which must own its whole buffer and be referenced nowhere else:
 * detaching the buffer drops its storage now, and every view of it becomes empty.
 */
export function releaseArray(array: Uint8Array | Uint32Array | Int32Array): void {
  const { buffer } = array;
  // transfer() is ES2024: where it is missing (older Node) the memory simply waits for the collector.
  if (!(buffer instanceof ArrayBuffer) || typeof buffer.transfer !== 'function') return;
  if (array.byteOffset === 0 && array.byteLength === buffer.byteLength) buffer.transfer(0);
}
