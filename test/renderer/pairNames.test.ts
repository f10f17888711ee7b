import { describe, expect, it } from 'vitest';
import { distinctNames } from '../../renderer/folders/pairNames.ts';

describe('distinctNames', () => {
  it('names each folder of a pair by the segments after those they share, so two Licenses/ differ', () => {
    expect(distinctNames('/home/ann/Documents/Licenses', '/home/ann/Backup/Documents-2023/Licenses')).toEqual(['Documents/Licenses', 'Backup/Documents-2023/Licenses']);
    expect(distinctNames('/home/ann/Papers', '/home/ann/Papers copy')).toEqual(['Papers', 'Papers copy']);
    expect(distinctNames('C:\\Users\\ann\\A\\L', 'C:\\Users\\ann\\B\\L')).toEqual(['A/L', 'B/L']);
    // One inside the other: the inner keeps the outer's name before its own.
    expect(distinctNames('/d/L', '/d/L/sub')).toEqual(['L', 'L/sub']);
  });
});
