// The two kinds of message endpoints the engine host talks over, as plain structural types (the
// engine never imports electron): Electron's parentPort and MessagePortMain in a utility process,
// and Node's IPC channel in a forked child process.

/** Something the host can post messages to and receive messages from. */
export interface Endpoint {
  post(message: unknown): void;
  onMessage(listener: (data: unknown, ports: readonly PortLike[]) => void): void;
  onClose(listener: () => void): void;
}

/** Electron's MessagePortMain, as far as the host uses it. */
export interface PortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  start(): void;
  close(): void;
}

interface ParentPortLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown; ports: readonly PortLike[] }) => void): unknown;
}

export function portEndpoint(port: PortLike): Endpoint {
  return {
    post: (message) => port.postMessage(message),
    onMessage(listener) {
      port.on('message', (event) => listener(event.data, []));
      port.start();
    },
    onClose: (listener) => void port.on('close', listener),
  };
}

/**
 * The channel to this process's parent: Electron's process.parentPort in a utility process, or
 * Node's IPC channel when the parent forked this process with one.
 */
export function parentEndpoint(): Endpoint {
  const parentPort = (process as { parentPort?: ParentPortLike }).parentPort;
  if (parentPort) {
    return {
      post: (message) => parentPort.postMessage(message),
      onMessage: (listener) => void parentPort.on('message', (event) => listener(event.data, event.ports ?? [])),
      // A utility process ends with its parent.
      onClose: () => undefined,
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('The engine host runs as a child process: fork it with an IPC channel (or utilityProcess.fork in Electron).');
  return {
    // After the parent went away there is no one to tell.
    post: (message) => void (process.connected && send(message)),
    onMessage: (listener) => void process.on('message', (message) => listener(message, [])),
    onClose: (listener) => void process.on('disconnect', listener),
  };
}
