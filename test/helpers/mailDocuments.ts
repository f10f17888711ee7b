// E-mails (.eml) of a text, as mail programs save them: the body in a legacy 8-bit charset,
// quoted-printable or base64, beside an HTML alternative and an attachment, or as HTML alone. The
// headers and the attachment are worded with OUTSIDE_WORDS, which the body never uses.
import { escapeXml, OUTSIDE_WORDS } from './officeDocuments.ts';

// The characters of Windows-1252 outside Latin-1 that the tests' texts use.
const WINDOWS_1252: Record<string, number> = { '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '€': 0x80 };

/** The text in Windows-1252 (ISO-8859-1 for the characters they share), or null when it has others. */
export function windows1252(text: string): Buffer | null {
  const codes = Array.from(text, (c) => WINDOWS_1252[c] ?? c.charCodeAt(0));
  return codes.every((code) => code <= 0xff) ? Buffer.from(codes) : null;
}

/** Quoted-printable lines of at most 76 characters, with soft line breaks. */
export function quotedPrintable(bytes: Buffer): string {
  const lines: string[] = [];
  for (const line of bytes.toString('latin1').split(/\r?\n/)) {
    let out = '';
    let width = 0;
    for (const c of line) {
      const code = c.charCodeAt(0);
      const encoded = (code >= 0x21 && code <= 0x7e && c !== '=') || c === ' ' ? c : `=${code.toString(16).toUpperCase().padStart(2, '0')}`;
      if (width + encoded.length > 75) {
        out += '=\r\n';
        width = 0;
      }
      out += encoded;
      width += encoded.length;
    }
    lines.push(out);
  }
  return lines.join('\r\n');
}

function base64Lines(bytes: Uint8Array): string {
  return (Buffer.from(bytes).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

const HEADERS = [
  'From: Ann Example <ann@example.org>',
  'To: Bob Example <bob@example.org>',
  `Subject: ${OUTSIDE_WORDS[0]} =?utf-8?q?Gr=C3=BC=C3=9Fe?=`,
  'Date: Tue, 3 Mar 2026 10:00:00 +0100',
  'Message-ID: <1@example.org>',
  'MIME-Version: 1.0',
];

function bodyHtml(text: string): string {
  const paragraphs = text.split('\n\n').map((p) => `<p>${escapeXml(p)}</p>`);
  return `<html><head><title>${OUTSIDE_WORDS[0]}</title><style>p { margin: 0 }</style></head><body>${paragraphs.join('\n')}</body></html>`;
}

/**
 * A mail whose body is `text`: a multipart/alternative of a quoted-printable Windows-1252 plain
 * part (UTF-8 for a text with characters Windows-1252 lacks) and a base64 HTML part, in a multipart/mixed beside a base64 attachment. `attachment`
 * sets the attached bytes (default: a short text of OUTSIDE_WORDS).
 */
export function renderEml(text: string, { attachment = Buffer.from(OUTSIDE_WORDS.join(' ')) as Uint8Array } = {}): Buffer {
  const crlf = text.replace(/\n/g, '\r\n');
  const legacy = windows1252(crlf);
  const plain = quotedPrintable(legacy ?? Buffer.from(crlf));
  const parts = [
    ...HEADERS,
    'Content-Type: multipart/mixed;',
    ' boundary="outer-=_1"',
    '',
    'This is a multi-part message in MIME format.',
    '--outer-=_1',
    'Content-Type: multipart/alternative; boundary=alt',
    '',
    '--alt',
    `Content-Type: text/plain; charset="${legacy ? 'windows-1252' : 'utf-8'}"; format=flowed`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    plain,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(Buffer.from(bodyHtml(`${OUTSIDE_WORDS[3]} ${text}`))),
    '--alt--',
    '',
    '--outer-=_1',
    `Content-Type: text/plain; name="${OUTSIDE_WORDS[2]}.txt"`,
    `Content-Disposition: attachment; filename="${OUTSIDE_WORDS[2]}.txt"`,
    'Content-Transfer-Encoding: base64',
    '',
  ];
  return Buffer.concat([Buffer.from(parts.join('\r\n') + '\r\n'), Buffer.from(base64Lines(attachment)), Buffer.from('\r\n--outer-=_1--\r\n')]);
}

/** A mail with only an HTML body, base64 in ISO-8859-1, as some mailers send a newsletter. */
export function renderHtmlOnlyEml(text: string): Buffer {
  const head = [...HEADERS, 'Content-Type: text/html; charset=ISO-8859-1', 'Content-Transfer-Encoding: base64', '', ''].join('\r\n');
  const body = windows1252(bodyHtml(text));
  if (!body) throw new Error('The text has characters ISO-8859-1 lacks');
  return Buffer.concat([Buffer.from(head), Buffer.from(base64Lines(body))]);
}
