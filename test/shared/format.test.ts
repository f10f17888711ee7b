import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration } from '../../shared/format.ts';

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
});
