// Engine events go straight into the store, outside React: components only ever read state.
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import type { ShingleStore } from './storeTypes.ts';

export function connectEngineEvents(engine: EngineApi, store: ShingleStore): () => void {
  const stops = [
    engine.on('scanState', (state) => store.getState().applyScanState(state)),
    engine.on('scanProgress', (progress) => store.getState().applyScanProgress(progress)),
    engine.on('clusterChange', (change) => store.getState().applyClusterChange(change)),
    engine.on('actionProgress', (progress) => store.getState().applyActionProgress(progress)),
    // The host gave up on a crashing engine: one line saying so, in the app's error banner.
    engine.on('engineStopped', ({ message }) => store.getState().reportError(message)),
  ];
  return () => stops.forEach((stop) => stop());
}
