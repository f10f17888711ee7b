import { describe, expect, it } from 'vitest';
import { differingSpan, distinctNames } from '../../renderer/format/nameParts.ts';

describe('differingSpan', () => {
  it('finds where names in a cluster differ', () => {
    const name = 'doc-nodejs-contributing-readme-v2.md';
    const [start, end] = differingSpan(name, [name, 'doc-nodejs-contributing-readme-v10.md'])!;
    expect(name.slice(start, end)).toBe('2');
    const copy = 'report (copy).txt';
    expect(copy.slice(...differingSpan(copy, ['report.txt'])!)).toBe(' (copy)');
  });

  it('has nothing to show when every name is the same', () => {
    expect(differingSpan('a.txt', ['a.txt', 'a.txt'])).toBeNull();
  });
});

describe('distinctNames', () => {
  it('adds folders only where names clash', () => {
    expect(distinctNames(['/a/Drafts/report.txt', '/a/Reports/report.txt', '/a/Reports/other.txt'])).toEqual(['Drafts/report.txt', 'Reports/report.txt', 'other.txt']);
    expect(distinctNames(['C:\\x\\a\\r.txt', 'C:\\y\\a\\r.txt'])).toEqual(['x/a/r.txt', 'y/a/r.txt']);
  });
});
