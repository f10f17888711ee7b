import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFsName } from '../../../../shared/fsName.ts';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { ExtractPool, ExtractPoolOptions } from '../../../../electron/node/extract/extractPool.ts';
import { PDFTOTEXT_ENV } from '../../../../electron/node/extract/pdftotextText.ts';
import { encryptedPdf, linesPdf, slowPdf } from './pdfFixtures.ts';

let dir: string;
let pool: ExtractPool;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-extract-'));
  pool = createExtractPool({ threads: 2 });
});

afterAll(async () => {
  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A pool whose workers read PDFs in their own thread (PDFium), never through pdftotext: pdftotext
 * reads slowPdf() in half a second, so the slow file would not outlast the limits these tests need it to.
 */
// PDFium reads this many text runs in 1.5-2 CPU-s (and ~300 MiB, under its cap): past a 1 s limit
// with room to spare on a fast machine.
const SLOW_RUNS = 1_500_000;

function inThreadReaderPool(options: ExtractPoolOptions): ExtractPool {
  const before = process.env[PDFTOTEXT_ENV];
  process.env[PDFTOTEXT_ENV] = 'off';
  try {
    // The workers copy the environment as they start, which is now.
    return createExtractPool(options);
  } finally {
    if (before === undefined) delete process.env[PDFTOTEXT_ENV];
    else process.env[PDFTOTEXT_ENV] = before;
  }
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('plain text', () => {
  it('decides text by content, not by name', async () => {
    expect(await pool.extract(file('README', 'Read me first.\n'))).toEqual({ ok: true, format: 'text', bytes: 15, text: 'Read me first.\n' });
    const binary = file('payload.txt', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(32), randomBytes(10_000)]));
    expect(await pool.extract(binary)).toMatchObject({ ok: false, code: 'EBINARY' });
    expect(await pool.extract(file('photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toMatchObject({ ok: false, code: 'ENOTDOC' });
  });

  it('reads every byte of a file, whether read whole at once (small) or after its first bytes (large)', async () => {
    // Sizes on either side of the detection sample (8 KiB) and of the single-read limit (64 KiB).
    for (const size of [8191, 8192, 8193, 65_535, 65_536, 65_537, 200_000]) {
      const text = Array.from({ length: size }, (_, i) => (i % 61 === 60 ? '\n' : String.fromCharCode(97 + ((i * 7) % 26)))).join('');
      expect(await pool.extract(file(`size-${size}.txt`, text))).toEqual({ ok: true, format: 'text', bytes: size, text });
    }
    // The format is still told from the first bytes only, when the file is read whole: a text with a binary tail is text.
    const binary = file('small-binary.txt', Buffer.concat([Buffer.from('plain words '.repeat(800)), randomBytes(20_000)]));
    expect(await pool.extract(binary)).toMatchObject({ ok: true, format: 'text' });
  });

  it('decodes UTF-16 and Windows-1252', async () => {
    const utf16 = file('notes.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Grüße\r\n', 'utf16le')]));
    expect(await pool.extract(utf16)).toMatchObject({ ok: true, format: 'text', text: '# Grüße\r\n' });
    const latin = file('latin.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94]));
    expect(await pool.extract(latin)).toMatchObject({ ok: true, text: 'café “q”' });
  });

  it('hands back each file its own text when many run at once', async () => {
    const paths = Array.from({ length: 200 }, (_, i) => file(`many-${i}.txt`, `file number ${i}`));
    const results = await Promise.all(paths.map((path) => pool.extract(path)));
    expect(results.map((result) => (result.ok ? result.text : result.code))).toEqual(paths.map((_, i) => `file number ${i}`));
  });

  it('reads paths holding bytes that are not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from(join(dir, 'caf')), Buffer.from([0xe9]), Buffer.from('.txt')]);
    writeFileSync(bytes, 'latin-1 name');
    expect(await pool.extract(decodeFsName(bytes))).toMatchObject({ ok: true, text: 'latin-1 name' });
  });

  it('reports system errors by their errno code', async () => {
    expect(await pool.extract(join(dir, 'missing.txt'))).toMatchObject({ ok: false, code: 'ENOENT' });
  });
});

describe('HTML', () => {
  it('extracts the visible text in its declared charset', async () => {
    const html = Buffer.from(
      '<html><head><meta charset="windows-1252"><title>Tab</title><style>b{}</style><script>x="<p>no</p>"</script></head>' +
        '<body><!-- note --><template><p>no</p></template><p>a</p><p>b</p><p><b>wo</b>rd caf\xe9 &amp; &#8220;q&#8221;</p></body></html>',
      'latin1',
    );
    expect(await pool.extract(file('page.html', html))).toMatchObject({ ok: true, format: 'html', text: 'a\nb\nword café & “q”' });
  });
});

describe('PDF', () => {
  it('extracts the running text without page furniture', async () => {
    const bodies = [
      ['The first page introduces the docu-', 'ment and its purpose.'],
      ['Anglo-', 'Saxon charters come second.'],
      // The document writes "document" whole, so the hyphenated one is re-joined (pdfPages.ts).
      ['A third page holds the summary of the document.', 'Nothing else is said here.'],
    ];
    const pages = bodies.map((body, i) => ['ACME Corp Confidential', ...body, `Page ${i + 1} of 3`]);
    const result = await pool.extract(file('report.pdf', await linesPdf(pages)));
    expect(result).toMatchObject({ ok: true, format: 'pdf' });
    expect(result.ok && result.text).toBe(
      'The first page introduces the document and its purpose.\nAnglo-Saxon charters come second.\n' +
        'A third page holds the summary of the document.\nNothing else is said here.',
    );
  });

  it('reports broken PDFs as errors', async () => {
    const valid = await linesPdf([['Some text']]);
    expect(await pool.extract(file('truncated.pdf', valid.subarray(0, valid.length / 2)))).toMatchObject({ ok: false, code: 'ECORRUPT' });
    const garbled = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
    expect(await pool.extract(file('garbled.pdf', garbled))).toMatchObject({ ok: false, code: 'ECORRUPT' });
    expect(await pool.extract(file('fake.pdf', 'plain text'))).toMatchObject({ ok: false, code: 'ECORRUPT' });
  });

  it('reports PDFs that need a password, and reads those that do not', async () => {
    expect(await pool.extract(file('locked.pdf', encryptedPdf('Secret words', 'secret')))).toMatchObject({ ok: false, code: 'EENCRYPTED' });
    expect(await pool.extract(file('restricted.pdf', encryptedPdf('Open words', '')))).toMatchObject({ ok: true, text: 'Open words' });
  });
});

describe('limits', () => {
  it('does not read files over the size limit', async () => {
    const small = createExtractPool({ threads: 1, maxFileBytes: 100 });
    try {
      expect(await small.extract(file('big.txt', 'x'.repeat(101)))).toMatchObject({ ok: false, code: 'ETOOBIG' });
      expect(await small.extract(file('fits.txt', 'x'.repeat(100)))).toMatchObject({ ok: true });
    } finally {
      await small.destroy();
    }
  });

  it('ends an extraction that runs past the time limit, and goes on with the others', async () => {
    const quick = inThreadReaderPool({ threads: 1, timeoutMs: 1000 });
    try {
      const slow = file('slow.pdf', slowPdf(SLOW_RUNS));
      const first = file('first.txt', 'first');
      const second = file('second.txt', 'second');
      const before = file('before.txt', 'before');
      const after = file('after.txt', 'after');
      const started = performance.now();
      // The first two files take the worker's two batch slots; the next two then share a batch,
      // so "before" is done when the worker running it is ended, and must not be blamed.
      const results = await Promise.all([first, second, before, slow, after].map((path) => quick.extract(path)));
      expect(results).toMatchObject([
        { ok: true, text: 'first' },
        { ok: true, text: 'second' },
        { ok: true, text: 'before' },
        { ok: false, code: 'ETIMEOUT' },
        { ok: true, text: 'after' },
      ]);
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(await quick.extract(before)).toMatchObject({ ok: true, text: 'before' });
    } finally {
      await quick.destroy();
    }
  });

  it('ends an extraction that runs past the memory limit, and goes on with the others', async () => {
    const lean = createExtractPool({ threads: 1, maxOldGenerationSizeMb: 16 });
    try {
      const huge = file('huge.html', `<html><body>${'<p>many <b>small</b> words</p>\n'.repeat(1_000_000)}</body></html>`);
      const before = file('before.txt', 'before');
      const results = await Promise.all([lean.extract(before), lean.extract(huge)]);
      expect(results).toMatchObject([{ ok: true, text: 'before' }, { ok: false, code: 'EMEMORY' }]);
      expect(await lean.extract(before)).toMatchObject({ ok: true, text: 'before' });
    } finally {
      await lean.destroy();
    }
  });

  it('stops on abort, freeing the worker', async () => {
    const single = inThreadReaderPool({ threads: 1, timeoutMs: 600_000 });
    try {
      const controller = new AbortController();
      const slow = single.extract(file('abandoned.pdf', slowPdf(SLOW_RUNS)), controller.signal);
      setTimeout(() => controller.abort(new Error('cancelled')), 300);
      await expect(slow).rejects.toThrow('cancelled');
      // The worker was ended rather than left on the slow file for ten minutes.
      expect(await single.extract(file('next.txt', 'next'))).toMatchObject({ ok: true, text: 'next' });
      await expect(single.extract(file('late.txt', 'late'), AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    } finally {
      await single.destroy();
    }
  });
});

describe('post-processing', () => {
  it('runs a module on each text in the worker and returns its output instead of the text', async () => {
    const module = file('countWords.mjs', 'export default (text, format) => ({ words: text.split(/\\s+/).filter(Boolean).length, seen: format });');
    const counting = createExtractPool<{ words: number; seen: string }>({ threads: 1, postProcess: pathToFileURL(module) });
    try {
      const result = await counting.extract(file('counted.html', '<p>one two</p><p>three</p>'));
      expect(result).toEqual({ ok: true, format: 'html', bytes: 26, words: 3, seen: 'html' });
    } finally {
      await counting.destroy();
    }
  });
});
