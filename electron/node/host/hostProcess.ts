// Starts the engine host (engineHost.mjs) as a Node child process and talks to it as Electron's
// main process does to the utility process: the end-to-end tests and bench:responsive play main
// through this, so every command and event they see has crossed a real process boundary. The
// caller supplies what main would: the host capabilities (picker, shell, dialogs, drop tokens).
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEventName } from '../../../shared/contract/channels.ts';
import type { EventName, PortMessage } from '../../../shared/contract/channels.ts';
import { createPendingCalls } from '../../../shared/contract/pendingCalls.ts';
import type { HostCapabilities } from '../service/engineService.ts';
import { answerHostCall, isMessageOfType } from './hostProtocol.ts';
import type { HostMessage } from './hostProtocol.ts';

export const engineHostEntry = fileURLToPath(new URL('./engineHost.mjs', import.meta.url));

export interface EngineHostProcess {
  child: ChildProcess;
  /** Runs a command in the engine process; rejects with the engine's one-line message. */
  invoke(name: string, payload: unknown): Promise<unknown>;
  onEvent(listener: (name: EventName, payload: unknown) => void): () => void;
  /** Asks the engine to stop cleanly and waits until the process has exited. */
  dispose(): Promise<void>;
}

export interface EngineHostOptions {
  dataDir: string;
  host: HostCapabilities;
  env?: NodeJS.ProcessEnv;
}

export function forkEngineHost({ dataDir, host, env = process.env }: EngineHostOptions): EngineHostProcess {
  // The compile cache in the temporary folder (Node's own default), not the user's cache folder
  // the app uses: the tests' temporary folder goes with their run.
  const withCache = { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'), ...env };
  // No inherited execArgv: a test runner's loader hooks have no business in the engine.
  const child = fork(engineHostEntry, ['--data-dir', dataDir], { env: withCache, execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = createPendingCalls();
  const listeners = new Set<(name: EventName, payload: unknown) => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitReason: string | undefined;

  child.once('exit', (code, signal) => {
    exitReason = `The engine host exited (${signal ?? `code ${code}`})`;
    pending.failAll(exitReason);
  });
  child.on('message', (message: unknown) => {
    if (isMessageOfType(message, 'result')) {
      pending.settle(message.id, message);
    } else if (isMessageOfType(message, 'event') && isEventName(message.name)) {
      for (const listener of listeners) listener(message.name, message.payload);
    } else if (isMessageOfType(message, 'host-call')) {
      void answerHostCall(host, message).then((reply) => child.connected && child.send(reply));
    }
  });
  child.send({ type: 'connect' } satisfies HostMessage);

  return {
    child,
    invoke(name, payload) {
      if (exitReason) return Promise.reject(new Error(exitReason));
      return pending.call((id) => child.send({ type: 'invoke', id, name, payload } satisfies PortMessage));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null && child.connected) {
        const disposed = new Promise<void>((resolve) => child.on('message', (message: unknown) => isMessageOfType(message, 'disposed') && resolve()));
        child.send({ type: 'dispose' } satisfies HostMessage);
        await Promise.race([disposed, exited]);
        // Everything is on disk once it said so; worker threads need not linger.
        child.disconnect();
      }
      await exited;
    },
  };
}
