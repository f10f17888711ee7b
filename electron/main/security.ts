// App-wide guards, whatever page or frame asks: no navigation away from the app, no new
// windows, no <webview>, no permissions (camera, notifications, …), and the dev server's pages
// under a CSP as strict as the built ones allow.
import type { App, Session } from 'electron';
import { devContentSecurityPolicy } from './contentSecurityPolicy.ts';
import { isRendererUrl } from './senderCheck.ts';

export function setupNavigationGuards(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => {
    // The UI is one page; a link in a document, a drop or a redirect must not replace it.
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

export function setupPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** In development the page comes from Vite's server, which sends no CSP: add one. */
export function setupDevContentSecurityPolicy(session: Session, rendererUrl: string): void {
  const policy = devContentSecurityPolicy(rendererUrl);
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isRendererUrl(details.url, rendererUrl)) return callback({});
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}
