// The renderer is served from app://shingle/ rather than file://. A page on file:// shares its
// origin with every file on the disk, so 'self' in the CSP would cover any file, and a sender
// check could not tell our page from another local one. Under app://shingle/ the origin is the
// app's alone, only files of the built renderer folder are reachable, and every response
// carries the CSP header.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy.ts';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://shingle`;
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Must run before the app is ready: a standard, secure scheme gets an origin, storage and modules. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } }]);
}

/** The file of the renderer folder an app:// URL names, or undefined for anything outside it. */
export function rendererFile(rendererDir: string, requestUrl: string): string | undefined {
  const url = new URL(requestUrl);
  if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const root = normalize(rendererDir);
  const file = join(root, normalize(pathname === '/' ? '/index.html' : pathname));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = request.method === 'GET' ? rendererFile(rendererDir, request.url) : undefined;
    const body = file ? await readFile(file).catch(() => undefined) : undefined;
    if (!body) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': CONTENT_TYPES[extname(file!).toLowerCase()] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
      },
    });
  });
}
