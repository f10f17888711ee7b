// Word diffs run here, off the page's thread: two long documents take up to DIFF_TIMEOUT_MS
// each, during which the page would otherwise not scroll, type or answer a click.
import type { DiffRequest, DiffResponse } from './diffProtocol.ts';
import { diffDocuments } from './wordDiff.ts';

// The renderer is typed with the DOM library, whose `self` is a Window; a dedicated worker's
// scope has the one-argument postMessage.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
  postMessage(message: DiffResponse): void;
};

scope.onmessage = (event) => {
  const { id, base, other } = event.data;
  scope.postMessage({ id, diff: diffDocuments(base, other) });
};
