// The engine as the UI uses it, built from the contract over any transport: one function per
// command in `commandNames`, each response and event checked against its schema, so a host
// that drifts from the contract fails loudly at the boundary instead of deep inside a view.
import { z } from 'zod';
import { ContractError, commandNames, engineCommands, engineEvents, isEventName } from '../../shared/contract/engineContract.ts';
import type { EngineApi, EventName, EventPayload } from '../../shared/contract/engineContract.ts';
import type { EngineTransport } from './transports.ts';

type AnyListener = (payload: unknown) => void;

export interface EngineClientOptions {
  /** Where events that break the contract are reported; they are dropped either way. */
  onInvalidEvent?: (error: ContractError) => void;
}

export function createEngineClient(transport: EngineTransport, options: EngineClientOptions = {}): EngineApi {
  const listeners = new Map<EventName, Set<AnyListener>>();

  transport.subscribe((event, payload) => {
    if (!isEventName(event)) return;
    const result = engineEvents[event].safeParse(payload);
    if (!result.success) {
      options.onInvalidEvent?.(new ContractError(`${event}: invalid event: ${z.prettifyError(result.error)}`));
      return;
    }
    for (const listener of listeners.get(event) ?? []) listener(result.data);
  });

  const commands = Object.fromEntries(
    commandNames.map((name) => [
      name,
      async (request: unknown) => {
        const response = await transport.invoke(name, request);
        const result = engineCommands[name].response.safeParse(response);
        if (!result.success) throw new ContractError(`${name}: invalid response: ${z.prettifyError(result.error)}`);
        return result.data;
      },
    ]),
  );

  function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const entry = listener as AnyListener;
    set.add(entry);
    return () => set.delete(entry);
  }

  return { ...commands, on } as EngineApi;
}
