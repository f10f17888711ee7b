// The messages between the engine host process and its parent (Electron's main process, or the
// process that plays it in tests and benchmarks). The renderer's side of the protocol, commands
// and events, is PortMessage in shared/contract/channels.ts; these are the parent's own:
//  - connect: a client joins. In Electron it brings a MessagePort for the window; without one
//    (a Node child process, which cannot pass ports) the parent channel itself is the client.
//  - host-call / host-result: the engine asks for what only the parent can do (a folder picker,
//    the file manager, a confirmation dialog, the folders behind drop tokens).
//  - dispose / disposed: the engine stops cleanly (scans cancelled, files written) before exit.
import type { PortMessage } from '../../../shared/contract/channels.ts';
import type { HostCapabilities } from '../service/engineService.ts';

export type CapabilityName = keyof HostCapabilities & string;

export type HostMessage =
  | { type: 'connect' }
  | { type: 'host-call'; id: number; capability: CapabilityName; args: unknown[] }
  | { type: 'host-result'; id: number; ok: true; value: unknown }
  | { type: 'host-result'; id: number; ok: false; error: string }
  | { type: 'dispose' }
  | { type: 'disposed' };

export type ParentMessage = HostMessage | PortMessage;

/** Serves one host-call with `host`; the answer to post back. */
export async function answerHostCall(host: HostCapabilities, message: Extract<HostMessage, { type: 'host-call' }>): Promise<HostMessage> {
  try {
    const capability = host[message.capability] as unknown;
    if (typeof capability !== 'function') throw new Error(`The host has no capability ${String(message.capability)}`);
    const value: unknown = await (capability as (...args: unknown[]) => unknown).apply(host, message.args);
    return { type: 'host-result', id: message.id, ok: true, value };
  } catch (error) {
    return { type: 'host-result', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function isMessageOfType<T extends ParentMessage['type']>(value: unknown, type: T): value is Extract<ParentMessage, { type: T }> {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;
}
