// Serves the built renderer (dist/renderer/) on 127.0.0.1 with the app's own Content Security
// Policy, so the tests load the page as the app does: scripts from files only, nothing inline.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../../electron/main/contentSecurityPolicy.ts';

export const rendererDir = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface RendererServer {
  url: string;
  close(): Promise<void>;
}

export async function startRendererServer(): Promise<RendererServer> {
  await readFile(join(rendererDir, 'index.html')).catch(() => {
    throw new Error('dist/renderer/ is missing: run `npm run build:renderer` (or `npm run test:e2e`, which builds it).');
  });
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(rendererDir, pathname === '/' ? 'index.html' : pathname));
    const body = file.startsWith(rendererDir.endsWith(sep) ? rendererDir : rendererDir + sep) ? await readFile(file).catch(() => undefined) : undefined;
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'cache-control': 'no-store',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
