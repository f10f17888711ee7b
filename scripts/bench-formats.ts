// `npm run bench:formats`: extraction throughput per document format, on texts nobody here wrote
// (/usr/share/doc and /usr/share/common-licenses, chosen as bench:near chooses them), each saved
// as .txt, .html, .pdf, .docx, .odt, .rtf, .epub, .doc, .pptx, .odp and .eml by the tests' writers
// (and as a table of its sentences in .xlsx and .ods, expected to read as that table's .csv), and
// as .docx, .odt, .rtf and .epub by pandoc where it is installed. Every file goes through the real worker pool;
// "same words" is the share of files whose canonical text equals the source's (for pandoc's files,
// pandoc's plain-text rendering's).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DocumentFormat } from '../shared/report.ts';
import { jaccard } from '../shared/fingerprint/jaccard.ts';
import { wordShingles } from '../shared/fingerprint/shingles.ts';
import { canonicalTokenHashes } from '../shared/text/canonicalTokens.ts';
import { createExtractPool } from '../electron/node/extract/extractPool.ts';
import { renderEml } from '../test/helpers/mailDocuments.ts';
import { renderDocx, renderEpub, renderOdt, renderRtf } from '../test/helpers/officeDocuments.ts';
import { renderCsv, renderOds, renderXlsx, sentenceTable } from '../test/helpers/sheetDocuments.ts';
import { renderOdp, renderPptx } from '../test/helpers/slideDocuments.ts';
import { renderDoc } from '../test/helpers/wordBinary.ts';
import { machineInfo, median } from './bench/measure.ts';
import { renderHtml, renderPdf } from './near/render.ts';
import { selectSources } from './near/sources.ts';

const { values: options } = parseArgs({ options: { sources: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } } });
const count = Number(options.sources);

type Render = (text: string) => Promise<string | Uint8Array> | string | Uint8Array;
/** What a file written by a writer should read as, when not its source text. */
type Expected = (text: string) => string;
const tableCsv: Expected = (text) => renderCsv(sentenceTable(text));

// The test suite's writers (test/helpers/officeDocuments.ts), with headers, footers, comments and
// tracked deletions the readers must leave out.
const OWN_WRITERS: [DocumentFormat, string, Render, Expected?][] = [
  ['text', 'txt', (text) => text],
  ['html', 'html', (text) => renderHtml(text, 'Document')],
  ['pdf', 'pdf', async (text) => (await renderPdf(text, { reflow: true, pageNumbers: 'number', fontSize: 11 })).bytes],
  ['docx', 'docx', renderDocx],
  ['odt', 'odt', renderOdt],
  ['rtf', 'rtf', renderRtf],
  ['epub', 'epub', renderEpub],
  ['doc', 'doc', renderDoc],
  ['pptx', 'pptx', renderPptx],
  ['odp', 'odp', renderOdp],
  ['eml', 'eml', renderEml],
  ['xlsx', 'xlsx', (text) => renderXlsx(sentenceTable(text)), tableCsv],
  ['ods', 'ods', (text) => renderOds(sentenceTable(text)), tableCsv],
];

// A writer nobody here wrote, when Debian's pandoc is installed: the text read as Markdown. What
// its files should read as is pandoc's own plain-text rendering of the same Markdown (list
// numbers aside, which Word, OpenDocument and EPUB lists generate rather than store).
const pandoc = (to: string) => (text: string): Buffer => {
  const title = to === 'epub' ? ['--metadata', 'title=Document'] : [];
  const result = spawnSync('pandoc', ['-f', 'markdown', '-t', to, '-s', ...title], { input: text, maxBuffer: 256 * 2 ** 20 });
  if (result.status !== 0) throw new Error(`pandoc -t ${to} failed: ${result.stderr.toString().trim()}`);
  return result.stdout;
};
const PANDOC_WRITERS: [DocumentFormat, string, Render, Expected?][] = (['docx', 'odt', 'rtf', 'epub'] as const).map((format) => [format, format, pandoc(format)]);
const hasPandoc = spawnSync('pandoc', ['--version']).status === 0;

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);
const { sources } = selectSources(count, Number(options.seed));
const dir = mkdtempSync(join(tmpdir(), 'shingle-bench-formats-'));
const pool = createExtractPool();
try {
  const words = (text: string) => canonicalTokenHashes(text).join(',');
  const reference = sources.map((source) => words(source.text));
  const referenceShingles = sources.map((source) => source.shingles);
  const pandocPlain = hasPandoc ? sources.map((source) => pandoc('plain')(source.text).toString('utf8')) : [];
  const pandocReference = pandocPlain.map(words);
  const pandocShingles = pandocPlain.map((text) => wordShingles(canonicalTokenHashes(text)));
  console.log(`\n${sources.length} sources, ${sources.reduce((sum, s) => sum + s.words, 0).toLocaleString('en-US')} words in all\n`);
  console.log('| writer | format | files | MB | wall (s) | MB/s | files/s | same words as expected | resemblance to what is expected, min / median |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const writers = [...OWN_WRITERS.map((w) => ['tests', ...w] as const), ...(hasPandoc ? PANDOC_WRITERS.map((w) => ['pandoc', ...w] as const) : [])];
  for (const [writer, format, ext, render, readAs] of writers) {
    const paths: string[] = [];
    for (const [i, source] of sources.entries()) {
      const path = join(dir, `${writer}-${i}.${ext}`);
      writeFileSync(path, await render(source.text));
      paths.push(path);
    }
    const bytes = paths.reduce((sum, path) => sum + statSync(path).size, 0);
    const started = performance.now();
    const results = await Promise.all(paths.map((path) => pool.extract(path)));
    const seconds = (performance.now() - started) / 1000;
    const texts = results.map((result) => (result.ok && result.format === format ? result.text : null));
    const expectedTexts = readAs ? sources.map((source) => readAs(source.text)) : undefined;
    const [expected, expectedShingles] =
      writer === 'pandoc'
        ? [pandocReference, pandocShingles]
        : expectedTexts
          ? [expectedTexts.map(words), expectedTexts.map((text) => wordShingles(canonicalTokenHashes(text)))]
          : [reference, referenceShingles];
    const same = texts.filter((text, i) => text !== null && words(text) === expected[i]).length;
    const resemblance = texts.map((text, i) => (text === null ? 0 : jaccard(wordShingles(canonicalTokenHashes(text)), expectedShingles[i]!))).sort((a, b) => a - b);
    const errors = results.flatMap((result) => (result.ok ? [] : [result.code]));
    console.log(
      `| ${writer} | ${format} | ${paths.length} | ${(bytes / 1e6).toFixed(1)} | ${seconds.toFixed(2)} | ${(bytes / 1e6 / seconds).toFixed(1)} | ` +
        `${(paths.length / seconds).toFixed(0)} | ${((100 * same) / paths.length).toFixed(0)} % | ${resemblance[0]!.toFixed(2)} / ${median(resemblance).toFixed(2)} |` +
        (errors.length ? ` errors: ${errors.join(' ')}` : ''),
    );
  }
  if (!hasPandoc) console.log('\npandoc is not installed (apt-get install pandoc): files written by another program were not measured.');
  console.log(`\nLoad average after: ${machineInfo(tmpdir())[1]!.replace(/.*load average /, '')}`);
} finally {
  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });
}
