// The host's capabilities as the engine process sees them: every call goes to the parent process
// (which owns the windows, dialogs and shell) and its answer comes back as a host-result. Generic
// over HostCapabilities: whatever capability the service asks for is forwarded by name.
import type { HostCapabilities } from '../service/engineService.ts';
import type { Endpoint } from './endpoints.ts';
import type { CapabilityName, HostMessage } from './hostProtocol.ts';

export interface RemoteHost {
  host: HostCapabilities;
  /** Settles the call a host-result answers. */
  settle(message: Extract<HostMessage, { type: 'host-result' }>): void;
  /** Fails the calls still waiting (the parent went away). */
  abandon(reason: string): void;
}

export function createRemoteHost(parent: Endpoint): RemoteHost {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const call = (capability: CapabilityName, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      parent.post({ type: 'host-call', id, capability, args } satisfies HostMessage);
    });
  const host = new Proxy({} as HostCapabilities, {
    get(_target, property) {
      // Not a thenable: `await host` must not call the parent.
      if (typeof property !== 'string' || property === 'then') return undefined;
      return (...args: unknown[]) => call(property as CapabilityName, args);
    },
  });
  return {
    host,
    settle(message) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
    },
    abandon(reason) {
      for (const waiting of pending.values()) waiting.reject(new Error(reason));
      pending.clear();
    },
  };
}
