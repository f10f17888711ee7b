// `npm run bench:formats`: extraction throughput per document format, on texts nobody here wrote
// (/usr/share/doc and /usr/share/common-licenses, chosen as bench:near chooses them), each saved
// as .txt, .html, .pdf, .docx, .odt, .rtf and .epub. Every format goes through the real worker
// pool; "same words" is the share of files whose canonical text equals the .txt's.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DocumentFormat } from '../shared/report.ts';
import { canonicalTokenHashes } from '../shared/text/canonicalTokens.ts';
import { createExtractPool } from '../electron/node/extract/extractPool.ts';
import { renderDocx, renderEpub, renderOdt, renderRtf } from '../test/helpers/officeDocuments.ts';
import { machineInfo } from './bench/measure.ts';
import { renderHtml, renderPdf } from './near/render.ts';
import { selectSources } from './near/sources.ts';

const { values: options } = parseArgs({ options: { sources: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } } });
const count = Number(options.sources);

const RENDERERS: [DocumentFormat, string, (text: string) => Promise<string | Uint8Array> | string | Uint8Array][] = [
  ['text', 'txt', (text) => text],
  ['html', 'html', (text) => renderHtml(text, 'Document')],
  ['pdf', 'pdf', async (text) => (await renderPdf(text, { reflow: true, pageNumbers: 'number', fontSize: 11 })).bytes],
  ['docx', 'docx', renderDocx],
  ['odt', 'odt', renderOdt],
  ['rtf', 'rtf', renderRtf],
  ['epub', 'epub', renderEpub],
];

console.log('Machine');
for (const line of machineInfo(tmpdir())) console.log(`  ${line}`);
const { sources } = selectSources(count, Number(options.seed));
const dir = mkdtempSync(join(tmpdir(), 'shingle-bench-formats-'));
const pool = createExtractPool();
try {
  const words = (text: string) => canonicalTokenHashes(text).join(',');
  const reference = sources.map((source) => words(source.text));
  console.log(`\n${sources.length} sources, ${sources.reduce((sum, s) => sum + s.words, 0).toLocaleString('en-US')} words in all\n`);
  console.log('| format | files | MB | wall (s) | MB/s | files/s | same words as the .txt | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [format, ext, render] of RENDERERS) {
    const paths: string[] = [];
    for (const [i, source] of sources.entries()) {
      const path = join(dir, `${i}.${ext}`);
      writeFileSync(path, await render(source.text));
      paths.push(path);
    }
    const bytes = paths.reduce((sum, path) => sum + statSync(path).size, 0);
    const started = performance.now();
    const results = await Promise.all(paths.map((path) => pool.extract(path)));
    const seconds = (performance.now() - started) / 1000;
    const same = results.filter((result, i) => result.ok && result.format === format && words(result.text) === reference[i]).length;
    const errors = results.filter((result) => !result.ok).map((result) => (result.ok ? '' : result.code));
    console.log(
      `| ${format} | ${paths.length} | ${(bytes / 1e6).toFixed(1)} | ${seconds.toFixed(2)} | ${(bytes / 1e6 / seconds).toFixed(1)} | ` +
        `${(paths.length / seconds).toFixed(0)} | ${((100 * same) / paths.length).toFixed(0)} % | ${errors.length ? errors.join(' ') : 0} |`,
    );
  }
  console.log(`\nLoad average after: ${machineInfo(tmpdir())[1]!.replace(/.*load average /, '')}`);
} finally {
  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });
}
