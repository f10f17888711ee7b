// The engine host: the entry of the process that runs the engine service, away from the process
// that keeps the windows. Electron's main starts it with utilityProcess.fork and hands it one
// MessagePort per window; the end-to-end tests and bench:responsive fork this same file as a Node
// child process and speak the same protocol over the IPC channel. Commands are checked against
// the contract (dispatchCommand) here, in the process that runs them.
// Usage: engineHost.ts --data-dir DIR
import { getPriority, setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { eventNames } from '../../../shared/contract/channels.ts';
import type { PortMessage } from '../../../shared/contract/channels.ts';
import { dispatchCommand } from '../service/dispatch.ts';
import { createEngineService } from '../service/engineService.ts';
import { parentEndpoint, portEndpoint } from './endpoints.ts';
import type { Endpoint } from './endpoints.ts';
import { isMessageOfType } from './hostProtocol.ts';
import type { HostMessage } from './hostProtocol.ts';
import { createRemoteHost } from './remoteHost.ts';

/** Ten nice levels below its parent: well below interactive work, still far from idle-only. */
const ENGINE_NICENESS = 10;

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const dataDir = values['data-dir'];
if (!dataDir) {
  console.error('shingle engine host: --data-dir is required');
  process.exit(2);
}

// The engine is background work: below the window's processes in the scheduler's eyes, so that
// on a busy machine main and the page get the CPU first. Set before any worker thread starts,
// since on Linux threads take the priority of the thread that creates them.
try {
  setPriority(Math.min(19, getPriority() + ENGINE_NICENESS));
} catch {
  // Not permitted here (some sandboxes): the engine runs at normal priority.
}

const parent = parentEndpoint();
const remote = createRemoteHost(parent);
const service = createEngineService({ dataDir, host: remote.host });
const clients = new Set<Endpoint>();

for (const name of eventNames) {
  service.on(name, (payload) => {
    const message: PortMessage = { type: 'event', name, payload };
    for (const client of clients) client.post(message);
  });
}

async function answer(client: Endpoint, data: unknown): Promise<void> {
  if (!isMessageOfType(data, 'invoke')) return;
  const { id, name, payload } = data;
  let reply: PortMessage;
  try {
    reply = { type: 'result', id, ok: true, value: await dispatchCommand(service, name, payload) };
  } catch (error) {
    reply = { type: 'result', id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  client.post(reply);
}

function connect(client: Endpoint): void {
  clients.add(client);
  if (client === parent) return;
  client.onMessage((data) => void answer(client, data));
  client.onClose(() => clients.delete(client));
}

let disposing: Promise<void> | undefined;
function dispose(): Promise<void> {
  disposing ??= service
    .dispose()
    .catch((error: unknown) => console.error('shingle engine host: the engine did not stop cleanly:', error))
    .finally(() => {
      clients.clear();
      remote.abandon('The engine is stopping');
      parent.post({ type: 'disposed' } satisfies HostMessage);
    });
  return disposing;
}

parent.onMessage((data, ports) => {
  if (isMessageOfType(data, 'connect')) connect(ports[0] ? portEndpoint(ports[0]) : parent);
  else if (isMessageOfType(data, 'host-result')) remote.settle(data);
  else if (isMessageOfType(data, 'dispose')) void dispose();
  else if (clients.has(parent)) void answer(parent, data);
});
// The parent went away without asking: stop cleanly all the same, then end.
parent.onClose(() => void dispose().then(() => process.exit(0)));
