// The client is derived from the contract and trusts nothing that comes back from the host.
import { describe, expect, it, vi } from 'vitest';
import { ContractError, commandNames } from '../../shared/contract/engineContract.ts';
import { createEngineClient } from '../../renderer/engine/engineClient.ts';
import { preloadTransport } from '../../renderer/engine/transports.ts';
import type { EngineTransport, PreloadBridge } from '../../renderer/engine/transports.ts';

function transportAnswering(answer: (name: string, payload: unknown) => unknown) {
  let push: (event: string, payload: unknown) => void = () => {};
  const transport: EngineTransport = {
    invoke: vi.fn(async (name: string, payload: unknown) => answer(name, payload)),
    subscribe: (listener) => {
      push = listener;
    },
  };
  return { transport, push: (event: string, payload: unknown) => push(event, payload) };
}

describe('engine client', () => {
  it('has a function for every command of the contract', () => {
    const client = createEngineClient(transportAnswering(() => ({})).transport);
    for (const name of commandNames) expect(typeof client[name]).toBe('function');
  });

  it('passes requests through and returns responses that match the contract', async () => {
    const { transport } = transportAnswering(() => ({ text: 'hello', truncated: false }));
    const client = createEngineClient(transport);
    await expect(client.getDocumentText({ clusterId: 'c', fileIndex: 1 })).resolves.toEqual({ text: 'hello', truncated: false });
    expect(transport.invoke).toHaveBeenCalledWith('getDocumentText', { clusterId: 'c', fileIndex: 1 });
  });

  it('rejects a malformed response with a ContractError naming the command', async () => {
    const client = createEngineClient(transportAnswering(() => ({ text: 42 })).transport);
    const call = client.getDocumentText({ clusterId: 'c', fileIndex: 0 });
    await expect(call).rejects.toBeInstanceOf(ContractError);
    await expect(call).rejects.toThrow(/getDocumentText: invalid response/);
  });

  it('rejects a cluster page whose clusters break the schema', async () => {
    const page = { total: 1, totalReclaimable: 0, counts: { exact: 1, near: 0, contained: 0 }, clusters: [{ id: 'x', kind: 'weird' }] };
    const client = createEngineClient(transportAnswering(() => page).transport);
    await expect(client.listClusters({ offset: 0, limit: 10, sort: 'reclaimable' })).rejects.toThrow(ContractError);
  });

  it('hands valid events to their listeners and drops invalid or unknown ones', () => {
    const { transport, push } = transportAnswering(() => ({}));
    const invalid = vi.fn();
    const client = createEngineClient(transport, { onInvalidEvent: invalid });
    const listener = vi.fn();
    const stop = client.on('scanState', listener);

    push('scanState', { running: true, errors: 0 });
    push('scanState', { running: 'yes' });
    push('somethingElse', {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ running: true, errors: 0 });
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(invalid.mock.calls[0]![0]).toBeInstanceOf(ContractError);

    stop();
    push('scanState', { running: false, errors: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('adapts the Electron preload bridge', async () => {
    const listeners: Record<string, (payload: unknown) => void> = {};
    const bridge = {
      getScanState: vi.fn(async () => ({ running: false, errors: 0 })),
      on: (event: string, listener: (payload: unknown) => void) => {
        listeners[event] = listener;
        return () => {};
      },
      dropToken: async () => 'token',
    } as unknown as PreloadBridge;
    const client = createEngineClient(preloadTransport(bridge, ['scanState']));
    await expect(client.getScanState({})).resolves.toEqual({ running: false, errors: 0 });
    await expect(client.cancelScan({})).rejects.toThrow(/does not provide the command cancelScan/);
    const listener = vi.fn();
    client.on('scanState', listener);
    listeners.scanState!({ running: true, errors: 0 });
    expect(listener).toHaveBeenCalledWith({ running: true, errors: 0 });
  });
});
