// Engine events go straight into the store, outside React: components only ever read state.
import type { EngineApi } from '../../shared/contract/engineContract.ts';
import type { ShingleStore } from './storeTypes.ts';

export function connectEngineEvents(engine: EngineApi, store: ShingleStore): () => void {
  const stops = [
    engine.on('scanState', (state) => store.getState().applyScanState(state)),
    engine.on('scanProgress', (progress) => store.getState().applyScanProgress(progress)),
    engine.on('clusterChanges', ({ changes }) => store.getState().applyClusterChanges(changes)),
    engine.on('actionProgress', (progress) => store.getState().applyActionProgress(progress)),
    // The host gave up on a crashing engine, or started a new one: see shellSlice.ts.
    engine.on('engineStopped', ({ message }) => store.getState().engineStopped(message)),
    engine.on('engineRestarted', () => void store.getState().engineRestarted()),
  ];
  return () => stops.forEach((stop) => stop());
}
