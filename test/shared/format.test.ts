import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration, formatPercent, formatRate, percentOf, plural, rateAndEta } from '../../shared/format.ts';

describe('format', () => {
  it('formats bytes in decimal units with sensible precision', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.00 KB');
    expect(formatBytes(15_300_000)).toBe('15.3 MB');
    expect(formatBytes(3_700_000_000)).toBe('3.70 GB');
    expect(formatBytes(250_000_000_000)).toBe('250 GB');
  });

  it('formats durations', () => {
    expect(formatDuration(12)).toBe('12 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(45_000)).toBe('45.0 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_725_000)).toBe('1 h 2 min');
  });

  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('makes the noun agree with its count', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(1024, 'group')).toBe('1,024 groups');
    expect(plural(2, 'copy', 'copies')).toBe('2 copies');
  });

  it('floors percentages, so "≥ 59%" never overstates 0.596 and 100% means done', () => {
    expect(formatPercent(0.596)).toBe('59%');
    expect(formatPercent(0.999)).toBe('99%');
    expect(formatPercent(1)).toBe('100%');
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(percentOf(0.29)).toBe(29);
  });

  it('works out a rate and the time left once a phase has run long enough to measure', () => {
    expect(rateAndEta(1000, 4000, 1000)).toEqual({ perSecond: 1000, etaMs: 3000 });
    expect(rateAndEta(10, 100, 100)).toEqual({ perSecond: null, etaMs: null });
    expect(rateAndEta(0, 100, 5000)).toEqual({ perSecond: null, etaMs: null });
    expect(formatRate(15_300_000)).toBe('15.3 MB/s');
  });
});
