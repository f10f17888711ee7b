import { describe, expect, it } from 'vitest';
import { bestCut, cutCandidates, cutText, endWords, extensionRange, narrowestCut, wholeSegments } from '../../renderer/format/segmentCut.ts';

/** Every character one unit wide: widths are lengths. */
function unitWidths(text: string): number[] {
  return Array.from({ length: text.length + 1 }, (_, i) => i);
}

function fit(text: string, keep: [number, number][], available: number): string | null {
  const cut = bestCut(cutCandidates(text, keep), unitWidths(text), 1, available);
  return cut && cutText(text, cut);
}

describe('cutting names at segment boundaries', () => {
  const name = 'libgnutls28-dev-copyright.txt';

  it('keeps the whole name when it fits', () => {
    expect(fit(name, [], name.length)).toBe(name);
  });

  it('drops whole words from the middle, keeping the start, the end and the extension', () => {
    const keep = [extensionRange(name)!, endWords(name, extensionRange(name)).first!, endWords(name, extensionRange(name)).last!];
    expect(fit(name, keep, 27)).toBe('libgnutls28-…-copyright.txt');
    // Nothing that keeps all three fits: no cut, rather than a word cut.
    expect(fit(name, keep, 20)).toBeNull();
  });

  it('never cuts inside a word at any width', () => {
    for (let available = 4; available <= name.length; available++) {
      const shown = fit(name, [extensionRange(name)!], available);
      if (shown === null || shown === name) continue;
      expect(shown.length).toBeLessThanOrEqual(available);
      const [head = '', tail = ''] = shown.split('…');
      expect(name.startsWith(head) && name.endsWith(tail)).toBe(true);
      expect(head === '' || /[-.]$/.test(head)).toBe(true);
      expect(tail === '' || tail === name || /^[-.]/.test(tail)).toBe(true);
    }
  });

  it('keeps a folder path from its first folder to its last', () => {
    const folder = 'Backup/Documents-2023/Licenses';
    const { first, last } = endWords(folder, null);
    expect(fit(folder, [first!, last!], 20)).toBe('Backup/…/Licenses');
  });

  it('prefers the longer end when two cuts keep as much', () => {
    expect(fit('aa-bb-cc-dd', [], 8)).toBe('…-cc-dd');
  });

  it('falls back on the narrowest cut when nothing fits', () => {
    const text = 'alpha-beta-gamma.txt';
    const candidates = cutCandidates(text, [extensionRange(text)!]);
    expect(bestCut(candidates, unitWidths(text), 1, 3)).toBeNull();
    expect(cutText(text, narrowestCut(candidates, unitWidths(text), 1))).toBe('….txt');
  });
});

describe('wholeSegments', () => {
  it('widens a differing part to its words, leaving separators at its edges out', () => {
    const name = 'report (copy).txt';
    expect(name.slice(...wholeSegments(name, [6, 13]))).toBe('copy');
    expect('Downloads'.slice(...wholeSegments('Downloads', [2, 8]))).toBe('Downloads');
    expect('GFDL-1.2.txt'.slice(...wholeSegments('GFDL-1.2.txt', [4, 8]))).toBe('1.2');
  });
});
