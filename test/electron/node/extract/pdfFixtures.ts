// PDFs made in code for the extraction tests: through pdf-lib where it can, written by hand
// where pdf-lib cannot go (encryption, hostile content streams).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, gunzipSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { editEveryNthWord, prose, renderPdf } from '../../../helpers/documents.ts';

/** A PDF whose pages hold the given lines, top to bottom, in Helvetica. */
export async function linesPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 800 - i * 18, size: 11, font }));
  }
  return doc.save();
}

/** A PDF from the bodies of its objects, numbered from 1; object 1 must be the catalog. */
export function rawPdf(objects: (string | Buffer)[], trailerEntries = ''): Buffer {
  const parts = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerEntries}>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

function stream(content: Buffer, extraEntries = ''): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${content.length} ${extraEntries}>>\nstream\n`), content, Buffer.from('\nendstream')]);
}

/** A one-page PDF drawing `content` (page content operators) with font /F1. */
function onePagePdf(contentStream: Buffer, trailerEntries = '', extraObjects: string[] = []): Buffer {
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      contentStream,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...extraObjects,
    ],
    trailerEntries,
  );
}

/** A one-page PDF whose content stream is `operators`, with Helvetica as /F1. */
export function operatorsPdf(operators: string): Buffer {
  return onePagePdf(stream(Buffer.from(operators)));
}

/**
 * A small file that pdf.js takes minutes over and much memory for: a compressed content stream
 * of a million tiny text runs, each moved a hair from the last.
 */
export function slowPdf(runs = 1_000_000): Buffer {
  const operators = `BT /F1 1 Tf 50 700 Td ${'(ab ) Tj 0 -0.0005 Td '.repeat(runs)}ET`;
  return onePagePdf(stream(deflateSync(operators), '/Filter /FlateDecode '));
}

// The standard security handler, revision 2 (40-bit RC4), from the PDF 1.7 specification §7.6.3.
const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);

/**
 * A one-page PDF saying `text`, encrypted. With an empty user password it opens without asking
 * (only the owner password, which restricts copying and printing, is set). `paddingBytes` adds an
 * unreferenced stream, to make the file as large as a test needs.
 */
export function encryptedPdf(text: string, userPassword: string, paddingBytes = 0): Buffer {
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-44);
  const fileId = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const owner = rc4(md5(padded('owner secret')).subarray(0, 5), padded(userPassword));
  const key = md5(padded(userPassword), owner, permissions, fileId).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  // Each object's data is encrypted with the file key salted by its object number: 4 for the content.
  const objectKey = md5(key, Buffer.from([4, 0, 0, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey, Buffer.from(`BT /F1 12 Tf 50 700 Td (${text}) Tj ET`));
  const encrypt = `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -44 >>`;
  const padding = paddingBytes > 0 ? [stream(Buffer.alloc(paddingBytes, 0x20)).toString('latin1')] : [];
  return onePagePdf(stream(content), `/Encrypt 6 0 R /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>] `, [encrypt, ...padding]);
}

// Running headers, page numbers, hyphenated line ends, accents and typographic quotes, page breaks.
const READERS_SOURCE = `${prose(3, 8, 6)}\n\nGrüße aus Köln — “café” in the 1950s, naïve façades.`;

/** Generated PDFs on which every reader must give the same canonical text, by name. */
export const READER_CASES: [string, () => Promise<Uint8Array>][] = [
  ['a word processor layout over several pages', () => renderPdf(READERS_SOURCE)],
  ['an edited copy', () => renderPdf(editEveryNthWord(READERS_SOURCE, 7))],
  [
    'pages with furniture and hyphenated words',
    () =>
      linesPdf(
        [
          ['The first page introduces the docu-', 'ment and its purpose.', 'Anglo-', 'Saxon charters come second.'],
          ['A third page holds the summary of the document.', 'Nothing else is said here.'],
          ['Grüße aus Köln — “café”.', 'The end of the well-', 'known story.'],
        ].map((body, i) => ['ACME Corp Confidential', ...body, `Page ${i + 1} of 3`]),
      ),
  ],
];

/** Every .pdf and .pdf.gz under /usr/share/doc (PDFs nobody here wrote), by path. */
export function realPdfs(root = '/usr/share/doc'): string[] {
  try {
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.pdf(\.gz)?$/i.test(name))
      .map((name) => join(root, name))
      .sort();
  } catch {
    return [];
  }
}

/** A real PDF's bytes, unpacked if it is compressed. */
export function realPdfBytes(path: string): Uint8Array {
  const content = readFileSync(path);
  return new Uint8Array(path.endsWith('.gz') ? gunzipSync(content) : content);
}
