// A mail past the extraction limit is read in chunks, its attachments' bodies left out: what is
// kept reads as the whole message does, whatever the structure and wherever the chunks end; the
// workers read such a mail rather than refuse it, and refuse one whose text alone is too big.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import type { ExtractPool } from '../../../../electron/node/extract/extractPool.ts';
import { mailSkeleton } from '../../../../electron/node/extract/mailSkeleton.ts';
import { emlText } from '../../../../electron/node/extract/mailText.ts';
import { prose } from '../../../helpers/documents.ts';
import { renderEml, renderHtmlOnlyEml } from '../../../helpers/mailDocuments.ts';
import { OUTSIDE_WORDS } from '../../../helpers/officeDocuments.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const source = `${prose(5, 3, 4)}\n\nGrüße aus Köln — “café” in the 1950s.`;
const attachment = Buffer.from(OUTSIDE_WORDS.join(' ').repeat(200));
const b64 = (text: string) => (Buffer.from(text).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** Mails of other shapes than the helpers': nesting, an inline image, a forwarded message, a named text part, an mbox line, a truncated end. */
const shapes: Record<string, string> = {
  'plain, no MIME': `From: a@example.org\nSubject: x\n\n${source}\n`,
  'mbox line, LF only': `From a@example.org Tue Mar  3 10:00:00 2026\nFrom: a@example.org\nContent-Type: text/plain; charset=utf-8\n\n${source}\n`,
  'nested, inline image, named text, forwarded': [
    'From: a@example.org',
    'Content-Type: multipart/mixed; boundary="m"',
    '',
    'preamble text that is not read',
    '--m',
    'Content-Type: multipart/related; boundary="r"',
    '',
    '--r',
    'Content-Type: text/plain; charset=utf-8',
    '',
    source,
    '--r',
    'Content-Type: image/png',
    'Content-Transfer-Encoding: base64',
    '',
    b64('not really a png '.repeat(300)),
    '--r--',
    'epilogue of r',
    '--m',
    'Content-Type: text/plain; name="notes.txt"',
    '',
    OUTSIDE_WORDS.join(' '),
    '--m',
    'Content-Type: message/rfc822',
    'Content-Disposition: attachment; filename="fwd.eml"',
    '',
    'From: b@example.org',
    'Content-Type: multipart/alternative; boundary="m"',
    '',
    '--m',
    'Content-Type: text/plain',
    '',
    'inner text the outer delimiter cuts',
    '--m--',
    'epilogue of m',
  ].join('\r\n'),
  'truncated inside an attachment': [
    'From: a@example.org',
    'Content-Type: multipart/mixed; boundary=t',
    '',
    '--t',
    'Content-Type: text/html; charset=iso-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    `<p>${source.replace(/[^\x20-\x7e\n]/g, 'x')}</p>`,
    '--t',
    'Content-Type: application/octet-stream',
    'Content-Disposition: attachment',
    '',
    b64('x'.repeat(5000)),
  ].join('\n'),
  'headers only': 'From: a@example.org\nSubject: nothing else',
  'a delimiter-like line in the text': ['From: a@example.org', 'Content-Type: multipart/mixed; boundary=q', '', '--q', '', '--q-not-a-delimiter?', source, '--qq', '--q--'].join('\n'),
};

function readerOf(bytes: Buffer) {
  return (into: Uint8Array, position: number) => bytes.copy(into, 0, position, Math.min(bytes.length, position + into.length));
}

describe('mail skeleton', () => {
  const mails: [string, Buffer][] = [
    ...Object.entries(shapes).map(([name, text]) => [name, Buffer.from(text, 'utf8')] as [string, Buffer]),
    ['multipart/mixed with an attachment (mailDocuments.ts)', renderEml(source, { attachment })],
    ['HTML only (mailDocuments.ts)', renderHtmlOnlyEml(source)],
  ];
  for (const [name, mail] of mails) {
    it(`reads as the whole message, chunks of any size: ${name}`, async () => {
      const whole = emlText(mail);
      for (const chunk of [1, 2, 7, 64, 4096, 2 ** 20]) {
        const kept = await mailSkeleton(readerOf(mail), 2 ** 30, { chunkBytes: chunk });
        expect(emlText(kept), `chunks of ${chunk}`).toBe(whole);
      }
    });
  }

  it('leaves the attachments out and keeps the text, and has read something at all', async () => {
    const mail = renderEml(source, { attachment });
    const encoded = attachment.toString('base64');
    expect(mail.toString('latin1')).toContain(encoded.slice(0, 76));
    for (const chunk of [1, 7, 64, 4096]) {
      const kept = await mailSkeleton(readerOf(mail), 2 ** 30, { chunkBytes: chunk });
      expect(emlText(kept)).toBe(source);
      expect(kept.toString('latin1'), `chunks of ${chunk}`).not.toContain(encoded.slice(0, 76));
      expect(kept.length).toBeLessThan(mail.length - encoded.length);
    }
  });

  it('refuses a mail whose text parts alone pass the limit', async () => {
    const mail = Buffer.from(`From: a@example.org\n\n${'word '.repeat(2000)}`);
    await expect(mailSkeleton(readerOf(mail), 4096, { chunkBytes: 512 })).rejects.toThrow(/text parts are larger than/);
  });
});

describe('a mail past the extraction limit in the workers', () => {
  let tree: TempTree;
  let pool: ExtractPool;
  beforeAll(async () => {
    tree = await createTempTree();
    // A limit of 256 KiB stands for the real 64 MiB: the files stay small.
    pool = createExtractPool({ threads: 1, maxFileBytes: 256 * 2 ** 10 });
  });
  afterAll(async () => {
    await pool.destroy();
    await tree.remove();
  });

  it('is read past its attachment; its text alone past the limit, or another format past it, is too big', async () => {
    const big = renderEml(source, { attachment: new Uint8Array(2 ** 20).fill(0x41) });
    expect(big.length).toBeGreaterThan(256 * 2 ** 10);
    expect(await pool.extract(await tree.write('photos.eml', big))).toMatchObject({ ok: true, text: source, bytes: big.length });
    const talkative = Buffer.from(`From: a@example.org\n\n${'word '.repeat(60_000)}`);
    expect(await pool.extract(await tree.write('long.eml', talkative))).toMatchObject({ ok: false, code: 'ETOOBIG' });
    expect(await pool.extract(await tree.write('long.txt', talkative))).toMatchObject({ ok: false, code: 'ETOOBIG' });
  });
});
