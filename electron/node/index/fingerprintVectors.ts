// A fingerprint's arrays in one BLOB: [sketch length, sample length, lists length or NO_LISTS,
// sketch…, sample…, lists…, chunks…] as uint32 in the host's byte order (little-endian on every
// platform Shingle runs on; the index never leaves its machine). Read back as views of one buffer.
// The chunk set (a short document's, documentFingerprint.ts) is whatever follows the lists, so
// blobs written before it was kept read back without one.
import type { DocumentFingerprint } from '../near/documentFingerprint.ts';

const NO_LISTS = 0xffffffff;
const HEADER = 3;

type Vectors = Pick<DocumentFingerprint, 'sketch' | 'sample' | 'lists' | 'chunks'>;

export function packVectors({ sketch, sample, lists, chunks }: Vectors): Uint32Array {
  const listsEnd = HEADER + sketch.length + sample.length + (lists?.length ?? 0);
  const packed = new Uint32Array(listsEnd + (chunks?.length ?? 0));
  packed[0] = sketch.length;
  packed[1] = sample.length;
  packed[2] = lists?.length ?? NO_LISTS;
  packed.set(sketch, HEADER);
  packed.set(sample, HEADER + sketch.length);
  if (lists !== undefined) packed.set(lists, HEADER + sketch.length + sample.length);
  if (chunks !== undefined) packed.set(chunks, listsEnd);
  return packed;
}

export function unpackVectors(blob: Uint8Array): Vectors {
  // SQLite hands each BLOB over in its own buffer; copy only if it is not 4-byte aligned.
  const aligned = blob.byteOffset % 4 === 0 ? blob : blob.slice();
  const packed = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  const sketchEnd = HEADER + packed[0]!;
  const sampleEnd = sketchEnd + packed[1]!;
  const vectors: Vectors = { sketch: packed.subarray(HEADER, sketchEnd), sample: packed.subarray(sketchEnd, sampleEnd) };
  const listsEnd = packed[2] === NO_LISTS ? sampleEnd : sampleEnd + packed[2]!;
  if (packed[2] !== NO_LISTS) vectors.lists = packed.subarray(sampleEnd, listsEnd);
  if (packed.length > listsEnd) vectors.chunks = packed.subarray(listsEnd);
  return vectors;
}
