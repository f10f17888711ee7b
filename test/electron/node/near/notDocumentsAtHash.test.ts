// Files named like documents whose first bytes say they are none (a .txt with NUL bytes, a .pdf
// without its signature, a .docx or .xlsx that is no zip, a .doc that is no compound file) are decided by the hashing pass, which reads those bytes anyway: they are
// reported with the code and message the extraction worker gives, and no worker opens them again.
// A file hashing never read (a size no other file has) still goes to a worker, with the same verdict.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { DocumentFingerprint } from '../../../../electron/node/near/documentFingerprint.ts';
import { runScanWith } from '../../../../electron/node/scan/scanService.ts';
import { createScanPools } from '../../../../electron/node/scan/scanPools.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

/** `size` bytes that are no text: NULs among other bytes, different for each seed. */
const binary = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i % 7 === 0 ? 0 : (i * 31 + seed) & 0xff));
const notPdf = (size: number, seed: number) => `Saved as a PDF by mistake ${seed}. `.repeat(size).slice(0, size);
const prose = 'A note about the garden: the roses want pruning in March, the pear tree wants a ladder and a patient afternoon, and the hedge wants nothing at all.\n';

let tree: TempTree;
let report: ScanReport;
const asked: string[] = [];
beforeAll(async () => {
  tree = await createTempTree({
    // Pairs of one size: the hashing pass reads them (sample pass, whole: they are small).
    'a/setup.txt': binary(3000, 1),
    'b/setup.txt': binary(3000, 2),
    // Past the 8 KiB the worker looks at, and read only in part by the sample pass: the PDF window is enough.
    'a/scan.pdf': notPdf(20_000, 1),
    'b/scan.pdf': notPdf(20_000, 2),
    // Random bytes under packaged names: whole, and past the 12 KiB the sample pass reads whole.
    'a/letter.docx': binary(5000, 4),
    'b/letter.docx': binary(5000, 5),
    'a/sums.xlsx': binary(40_000, 6),
    'b/sums.xlsx': binary(40_000, 7),
    'a/old.doc': binary(6000, 8),
    'b/old.doc': binary(6000, 9),
    // A zip's signature and then junk: only its reader can tell.
    'a/broken.docx': Buffer.concat([Buffer.from('PK\x03\x04'), binary(3996, 10)]),
    'b/broken.docx': Buffer.concat([Buffer.from('PK\x03\x04'), binary(3996, 11)]),
    // A size of its own: never hashed, so a worker decides it.
    'c/lonely.txt': binary(1234, 3),
    'c/notes.txt': prose,
  });
  const options: ScanOptions = { ...defaultScanOptions, roots: [tree.root] };
  const pools = createScanPools(options);
  try {
    const step = await pools.near!();
    const fingerprint: ExtractPool<DocumentFingerprint> = {
      ...step.fingerprint,
      extract: (path, ...rest) => {
        asked.push(path.slice(tree.root.length + 1));
        return step.fingerprint.extract(path, ...rest);
      },
    };
    report = (await runScanWith(options, { ...pools, near: async () => ({ ...step, fingerprint }) })).report;
  } finally {
    await pools.destroy();
  }
}, 60_000);
afterAll(() => tree.remove());

it('reports each with the worker’s code and message', () => {
  const errors = report.errors.map((e) => ({ ...e, path: e.path.slice(tree.root.length + 1) })).sort((x, y) => x.path.localeCompare(y.path));
  const binaryText = { code: 'EBINARY', message: 'Named like text but binary: contains NUL bytes' };
  const noSignature = { code: 'ECORRUPT', message: 'Not a PDF: no %PDF- signature' };
  const noZip = (kind: string) => ({ code: 'ECORRUPT', message: `${kind}: no zip signature` });
  const noWord = { code: 'ECORRUPT', message: 'Not a Word 97–2003 document: no compound file signature' };
  const unreadable = { code: 'ECORRUPT', message: expect.stringMatching(/^Unreadable Word document: /) as unknown };
  expect(errors).toEqual([
    { path: 'a/broken.docx', ...unreadable },
    { path: 'a/letter.docx', ...noZip('Not a Word document') },
    { path: 'a/old.doc', ...noWord },
    { path: 'a/scan.pdf', ...noSignature },
    { path: 'a/setup.txt', ...binaryText },
    { path: 'a/sums.xlsx', ...noZip('Not an Excel workbook') },
    { path: 'b/broken.docx', ...unreadable },
    { path: 'b/letter.docx', ...noZip('Not a Word document') },
    { path: 'b/old.doc', ...noWord },
    { path: 'b/scan.pdf', ...noSignature },
    { path: 'b/setup.txt', ...binaryText },
    { path: 'b/sums.xlsx', ...noZip('Not an Excel workbook') },
    { path: 'c/lonely.txt', ...binaryText },
  ]);
});

it('sends a worker only the files hashing did not read, and those only their reader can tell', () => {
  // c/lonely.txt, which hashing does not read, is decided by the walk's check of first bytes when
  // the walk meets it before the first document (headCheck.ts); after it, a worker reads it.
  expect(asked.filter((path) => path !== 'c/lonely.txt').sort()).toEqual(['a/broken.docx', 'b/broken.docx', 'c/notes.txt']);
});
