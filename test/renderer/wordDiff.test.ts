// The word diff behind the side-by-side view: each side keeps its own text exactly, edited
// words are marked on both sides, and a difference is numbered once for both.
import { describe, expect, it } from 'vitest';
import { alignToSource, diffDocuments, splitSpace } from '../../renderer/diff/wordDiff.ts';
import type { Segment } from '../../renderer/diff/wordDiff.ts';
import { editEveryNthWord, prose } from '../helpers/documents.ts';

const joined = (segments: Segment[]) => segments.map((s) => s.text).join('');
const words = (segments: Segment[], kind: Segment['kind']) => segments.filter((s) => s.kind === kind).map((s) => s.text.trim());

describe('word diff', () => {
  it('marks a replaced word on both sides as one difference', () => {
    const diff = diffDocuments('The cat sat on the mat.', 'The dog sat on the mat.')!;
    expect(diff.changes).toBe(1);
    expect(words(diff.base, 'removed')).toEqual(['cat']);
    expect(words(diff.other, 'added')).toEqual(['dog']);
    expect(diff.base.find((s) => s.kind === 'removed')?.change).toBe(0);
    expect(diff.other.find((s) => s.kind === 'added')?.change).toBe(0);
  });

  it('puts a gap marker where the other side has words this one lacks', () => {
    const diff = diffDocuments('one two three', 'one two extra three')!;
    expect(diff.base.filter((s) => s.kind === 'gap')).toEqual([{ text: '', kind: 'gap', change: 0 }]);
    expect(words(diff.other, 'added')).toEqual(['extra']);
  });

  it('keeps each side exactly as it is, whitespace and line breaks included', () => {
    const base = 'First  line of text\nsecond line.\n\nA new paragraph here.';
    const other = 'First line of TEXT second\nline.\nA new paragraph, here.';
    const diff = diffDocuments(base, other)!;
    expect(joined(diff.base)).toBe(base);
    expect(joined(diff.other)).toBe(other);
  });

  it('finds every edited word of a long document', () => {
    const base = prose(7, 8, 8);
    const other = editEveryNthWord(base, 40);
    const diff = diffDocuments(base, other)!;
    const edited = other.split(/\s+/).filter((w) => w === 'amended').length;
    expect(diff.changes).toBe(edited);
    expect(words(diff.other, 'added').every((w) => w === 'amended')).toBe(true);
    expect(joined(diff.base)).toBe(base);
    expect(joined(diff.other)).toBe(other);
  });

  it('reports no differences for the same words laid out differently', () => {
    const diff = diffDocuments('a b\nc', 'a  b c\n')!;
    expect(diff.changes).toBe(0);
  });

  it('gives up on texts too different to diff within the time limit', () => {
    const base = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' ');
    const other = Array.from({ length: 40_000 }, (_, i) => `v${i}`).join(' ');
    expect(diffDocuments(base, other, 1)).toBeNull();
  });

  it('aligns segments on the source even when the segment text has other spacing', () => {
    const aligned = alignToSource([{ text: 'a b', kind: 'same' }, { text: ' c', kind: 'removed', change: 0 }], 'a\n\nb   c  ');
    expect(aligned.map((s) => s.text)).toEqual(['a\n\nb', '   c  ']);
  });

  it('splits the space around the words of a change', () => {
    expect(splitSpace('  two words\n')).toEqual(['  ', 'two words', '\n']);
    expect(splitSpace('   ')).toEqual(['   ', '', '']);
  });
});
