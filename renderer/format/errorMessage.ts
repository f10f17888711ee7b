// One readable sentence from whatever a failed call threw.

// Electron wraps errors from the main process as "Error invoking remote method 'x': Error: …".
const ELECTRON_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(ELECTRON_PREFIX, '') || 'Something went wrong.';
}
