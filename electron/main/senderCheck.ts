// Which IPC messages the engine answers: only those from the main frame of the app's own window
// showing the app's own page. A frame that navigated elsewhere, an iframe, or any other
// webContents (a devtools extension, a future window) is refused before the payload is read.
import type { IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';

// Structural slices of Electron's types, so that tests can pass plain objects.
export type SenderFrame = Pick<WebFrameMain, 'url' | 'parent' | 'processId' | 'routingId'>;
export type SenderContents = Pick<WebContents, 'id'> & { mainFrame: Pick<WebFrameMain, 'processId' | 'routingId'> };
export interface SenderEvent {
  sender: Pick<IpcMainInvokeEvent['sender'], 'id'>;
  senderFrame: SenderFrame | null;
}

/** Whether `url` is a page of the renderer served at `rendererUrl` (same scheme, host and port). */
export function isRendererUrl(url: string, rendererUrl: string): boolean {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return false;
  }
  const expected = new URL(rendererUrl);
  // WHATWG URLs keep the case of a custom scheme's host; Chromium, for a standard scheme, does not.
  const sameHost = page.host.toLowerCase() === expected.host.toLowerCase();
  return page.protocol === expected.protocol && sameHost && page.username === '' && page.password === '';
}

/**
 * Whether an IPC event comes from the renderer page in the main frame of `contents` (the app's
 * window); false once that window is gone.
 */
export function isTrustedSender(event: SenderEvent, contents: SenderContents | undefined, rendererUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame || !contents) return false;
  if (event.sender.id !== contents.id) return false;
  const mainFrame = frame.parent === null && frame.processId === contents.mainFrame.processId && frame.routingId === contents.mainFrame.routingId;
  return mainFrame && isRendererUrl(frame.url, rendererUrl);
}
