// The one way a request from outside the engine process reaches the service: by name and an
// untrusted payload, checked against the contract before the service sees either.
import { ContractError, isCommandName, parseRequest } from '../../../shared/contract/engineContract.ts';
import type { EngineService } from './engineService.ts';

export async function dispatchCommand(service: EngineService, name: unknown, payload: unknown): Promise<unknown> {
  if (!isCommandName(name)) throw new ContractError(`Unknown command: ${describe(name)}`);
  const request = parseRequest(name, payload);
  // parseRequest checked the payload against this very command's schema.
  const handler = service[name] as (request: unknown) => Promise<unknown>;
  return handler(request);
}

function describe(name: unknown): string {
  return typeof name === 'string' ? JSON.stringify(name.slice(0, 100)) : typeof name;
}
