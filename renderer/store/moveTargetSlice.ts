// The folder a clean-up's Move puts the copies in. Only the host's folder picker chooses it, and
// the engine remembers it: the page shows the folder the picker produced and never sends a path.
import type { SliceCreator } from './storeTypes.ts';

export interface MoveTargetSlice {
  /** The folder chosen in the picker; null until one is. */
  moveTarget: string | null;
  /** Opens the host's picker; a cancelled picker keeps the folder chosen before. */
  chooseMoveTarget(): Promise<void>;
}

export const createMoveTargetSlice: SliceCreator<MoveTargetSlice> = ({ set, get, engine }) => ({
  moveTarget: null,
  async chooseMoveTarget() {
    try {
      const { folder } = await engine.chooseMoveTarget({});
      if (folder !== null) set({ moveTarget: folder });
    } catch (error) {
      get().reportError(error);
    }
  },
});
