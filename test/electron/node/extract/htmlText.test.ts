import { describe, expect, it } from 'vitest';
import { htmlFileText, htmlText } from '../../../../electron/node/extract/htmlText.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('htmlText', () => {
  it('separates blocks and joins inline elements', () => {
    expect(words(htmlText('<p>a</p><p>b</p>'))).toEqual(['a', 'b']);
    expect(words(htmlText('<b>wo</b>rd <i>it</i><a href="#">al</a><span>ic</span>'))).toEqual(['word', 'italic']);
    expect(words(htmlText('<div>one<br>two</div><ul><li>three<li>four</ul><table><tr><td>five<td>six</table>'))).toEqual([
      'one', 'two', 'three', 'four', 'five', 'six',
    ]);
    expect(htmlText('<h1>Title</h1><p>Some   spaced\n  text</p>')).toBe('Title\nSome spaced text');
  });

  it('leaves out what a reader does not see', () => {
    const html = `<!DOCTYPE html><html><head><title>Tab title</title><meta charset="utf-8">
      <style>p { color: red }</style><script>document.write("<p>scripted</p>")</script></head>
      <body><!-- a comment --><template><p>template</p></template><noscript>Enable JavaScript</noscript>
      <p hidden>hidden</p><p style="display: none">undisplayed</p><p>visible</p>
      <script type="module">if (a < b) alert("x")</script></body></html>`;
    expect(htmlText(html)).toBe('visible');
  });

  it('decodes entities', () => {
    expect(htmlText('<p>Fish &amp; chips &lt;3 caf&eacute; &#8220;q&#x201D; a&nbsp;b</p>')).toBe('Fish & chips <3 café “q” a b');
  });

  it('keeps the line breaks of preformatted text', () => {
    expect(htmlText('<pre>line one\n  line two</pre>')).toBe('line one\nline two');
  });

  it('survives broken markup', () => {
    expect(words(htmlText('<div><p>a<p>b</div>c</span></div>d<script>never closed'))).toEqual(['a', 'b', 'cd']);
  });
});

describe('htmlFileText', () => {
  it('decodes by the declared charset', () => {
    const latin1 = Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>caf\xe9 \x93q\x94</p></body></html>', 'latin1');
    expect(htmlFileText(latin1)).toBe('café “q”');
    const httpEquiv = Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><p>\xc4\xe5</p>', 'latin1');
    expect(htmlFileText(httpEquiv)).toBe('Де');
  });

  it('decodes UTF-8, and undeclared bytes that are not UTF-8 as Windows-1252', () => {
    expect(htmlFileText(Buffer.from('<p>naïve</p>'))).toBe('naïve');
    expect(htmlFileText(Buffer.from('<p>caf\xe9</p>', 'latin1'))).toBe('café');
  });
});
