// The host's capabilities as the engine process sees them: every call goes to the parent process
// (which owns the windows, dialogs and shell) and its answer comes back as a host-result. Generic
// over HostCapabilities: whatever capability the service asks for is forwarded by name.
import { createPendingCalls } from '../../../shared/contract/pendingCalls.ts';
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
  const pending = createPendingCalls();
  const call = (capability: CapabilityName, args: unknown[]) => pending.call((id) => parent.post({ type: 'host-call', id, capability, args } satisfies HostMessage));
  const host = new Proxy({} as HostCapabilities, {
    get(_target, property) {
      // Not a thenable: `await host` must not call the parent.
      if (typeof property !== 'string' || property === 'then') return undefined;
      return (...args: unknown[]) => call(property as CapabilityName, args);
    },
  });
  return {
    host,
    settle: (message) => pending.settle(message.id, message),
    abandon: (reason) => pending.failAll(reason),
  };
}
