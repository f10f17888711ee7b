// The contract's events inside the engine: the scan emits, hosts (IPC, tests) listen.
import type { EngineApi, EventName, EventPayload } from '../../../shared/contract/engineContract.ts';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

export interface EngineEvents {
  on: EngineApi['on'];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export function createEngineEvents(): EngineEvents {
  const listeners = new Map<EventName, Set<Listener<never>>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as Listener<never>;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        // A failing listener belongs to a host; it must neither stop the scan nor starve the others.
        try {
          (listener as Listener<typeof event>)(payload);
        } catch (error) {
          console.error(`shingle: a ${event} listener failed:`, error);
        }
      }
    },
  };
}
