// The text a reader sees on an HTML page, laid out so that it matches the same document saved as
// plain text or PDF: no markup, scripts, styles or comments; one line per block.
import { Parser } from 'htmlparser2';
import { decodeText } from './decodeText.ts';

// Never shown as page content. <title> is left out too: it names the browser tab, and the plain
// text and PDF copies of a page rarely repeat it (a printed PDF shows it only in a running header,
// which pdfText drops). <noscript> is the fallback a browser with scripts hides, and a saved
// page's copy says "enable JavaScript" rather than anything of the document.
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'title', 'iframe', 'datalist']);

// Elements that start a new line of rendered text, plus table cells, which separate words.
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'dialog', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'option', 'p', 'pre', 'section',
  'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

// Elements whose whitespace is shown as written.
const PREFORMATTED_ELEMENTS = new Set(['pre', 'textarea', 'listing', 'plaintext', 'xmp']);

const CHARSET_SAMPLE_BYTES = 4096;
const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)/;
const DISPLAY_NONE = /display\s*:\s*none/i;

/** The charset a page declares in a meta tag or an XML declaration near its start. */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, CHARSET_SAMPLE_BYTES)).toString('latin1');
  return (META_CHARSET.exec(head) ?? XML_ENCODING.exec(head))?.[1];
}

/** The visible text of an HTML file's bytes. */
export function htmlFileText(bytes: Uint8Array): string {
  return htmlText(decodeText(bytes, declaredCharset(bytes)));
}

// Marks a line break that layout makes, as opposed to whitespace in the source, which collapses.
// NUL is safe for it: browsers never show one.
const BREAK = '\0';

/** The visible text of an HTML document: one line per block, whitespace collapsed elsewhere. */
export function htmlText(html: string): string {
  let text = '';
  // One entry per open element: whether it hides its content, whether it keeps its line breaks.
  const hiding: boolean[] = [];
  const keepingBreaks: boolean[] = [];
  let hiddenDepth = 0;
  let preformattedDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const hides = HIDDEN_ELEMENTS.has(name) || 'hidden' in attribs || DISPLAY_NONE.test(attribs.style ?? '');
        const keeps = PREFORMATTED_ELEMENTS.has(name);
        hiding.push(hides);
        keepingBreaks.push(keeps);
        if (hides) hiddenDepth++;
        if (keeps) preformattedDepth++;
        if (BLOCK_ELEMENTS.has(name)) text += BREAK;
      },
      onclosetag(name) {
        if (hiding.pop()) hiddenDepth--;
        if (keepingBreaks.pop()) preformattedDepth--;
        if (BLOCK_ELEMENTS.has(name)) text += BREAK;
      },
      ontext(data) {
        if (hiddenDepth === 0) text += preformattedDepth > 0 ? data.replaceAll('\n', BREAK) : data;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  // Runs of whitespace become one space, and runs of breaks with the spaces around them one line
  // break: blank lines and indentation carry no words.
  return text.replace(/\s{2,}|[^\S ]/g, ' ').replace(/ ?\0[\0 ]*/g, '\n').trim();
}
