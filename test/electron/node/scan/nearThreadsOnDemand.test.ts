// A scan starts its extraction threads during the walk only once it meets a file the near stage
// would read whose first bytes do not say it is no document: a folder of photos, an empty one, or
// one of binaries under document names starts none (each thread costs ~0.1 CPU-s to boot). A scan
// that does not start them during the walk (one with a cache) checks first bytes itself until it
// meets a document.
import { afterEach, expect, it } from 'vitest';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { DocumentFingerprint } from '../../../../electron/node/near/documentFingerprint.ts';
import { createMemoryCache } from '../../../../electron/node/index/memoryCache.ts';
import type { ContentCache } from '../../../../electron/node/scan/contentCache.ts';
import { runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanError } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

/** Scans the tree, counting the requests to start the threads and the documents asked of them. */
async function threadsAsked(files: Record<string, string | Uint8Array>, cache?: ContentCache): Promise<{ starts: number; documents: number; errors?: ScanError[] }> {
  tree = await createTempTree(files);
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  const asked: { starts: number; documents: number; errors?: ScanError[] } = { starts: 0, documents: 0 };
  try {
    const step = await pools.near!();
    const fingerprint: ExtractPool<DocumentFingerprint> = { ...step.fingerprint, extract: (...request) => (asked.documents++, step.fingerprint.extract(...request)) };
    const { report } = await runScanWith(options, { ...pools, startNear: () => (asked.starts++, pools.startNear!()), near: async () => ({ ...step, fingerprint }) }, cache ? { cache } : {});
    asked.errors = report.errors.map((error) => ({ ...error, path: error.path.slice(tree!.root.length + 1) }));
  } finally {
    await pools.destroy();
  }
  return asked;
}

// Each of a size of its own, so that hashing reads none of them: the walk's check decides them.
const notDocuments = {
  'report.docx': Uint8Array.from([0x13, 0x37, 0xca, 0xfe, 0, 1, 2, 3, 4, 5]),
  'old.doc': 'plain text saved as .doc',
  'setup.txt': Uint8Array.from({ length: 300 }, (_, i) => (i % 5 === 0 ? 0 : i & 0xff)),
  'letter.rtf': 'no header here, only words',
};
const theirErrors = [
  { path: 'letter.rtf', code: 'ECORRUPT', message: 'Not an RTF document: no {\\rtf header' },
  { path: 'old.doc', code: 'ECORRUPT', message: 'Not a Word 97–2003 document: no compound file signature' },
  { path: 'report.docx', code: 'ECORRUPT', message: 'Not a Word document: no zip signature' },
  { path: 'setup.txt', code: 'EBINARY', message: 'Named like text but binary: contains NUL bytes' },
];

it('starts no extraction thread for a scan of photos and empty files', async () => {
  expect(await threadsAsked({ 'a.png': 'not read', 'b/c.jpg': 'not read either', 'empty.txt': '' })).toMatchObject({ starts: 0, documents: 0 });
});

it('starts none for a scan whose files named like documents are none inside, and reports them as the worker would', async () => {
  expect(await threadsAsked(notDocuments)).toEqual({ starts: 0, documents: 0, errors: theirErrors });
});

it('asks no thread to read them either when the walk did not check them (a scan with a cache), until it meets a document', async () => {
  expect(await threadsAsked(notDocuments, createMemoryCache())).toEqual({ starts: 0, documents: 0, errors: theirErrors });
});

it('starts them, once, as the walk meets the first document', async () => {
  expect(await threadsAsked({ 'a.png': 'not read', 'notes.txt': 'a note', 'more/notes.md': 'another note' })).toMatchObject({ starts: 1, documents: 2 });
});
