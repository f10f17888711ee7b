import { describe, expect, it } from 'vitest';
import { chipSelection } from '../../renderer/clusters/ChipGroup.tsx';

const all = ['exact', 'near', 'contained'] as const;

describe('chipSelection', () => {
  it('shows only the clicked value, and everything again on a second click', () => {
    expect(chipSelection(all, [...all], 'near', false)).toEqual(['near']);
    expect(chipSelection(all, ['near'], 'exact', false)).toEqual(['exact']);
    expect(chipSelection(all, ['near'], 'near', false)).toEqual([...all]);
  });

  it('combines values with a modifier, never down to none', () => {
    expect(chipSelection(all, ['near'], 'exact', true)).toEqual(['exact', 'near']);
    expect(chipSelection(all, ['exact', 'near'], 'exact', true)).toEqual(['near']);
    expect(chipSelection(all, ['near'], 'near', true)).toEqual([...all]);
    // From "all", a modified click is a plain click: only that.
    expect(chipSelection(all, [...all], 'contained', true)).toEqual(['contained']);
  });
});
