// The Content Security Policy of the app's pages, sent as a header with every page the app://
// protocol serves. The renderer shows other people's documents as text; should any of it ever
// end up as markup, the page still runs only the app's own scripts and reaches nothing outside.

/** The production policy: nothing by default, the app's own scripts, styles and images. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // React's style={…} props become inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

/**
 * The policy while developing against Vite's dev server: its React refresh preamble is an inline
 * script and hot reload talks over a WebSocket to the same host.
 */
export function devContentSecurityPolicy(rendererUrl: string): string {
  const { host } = new URL(rendererUrl);
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    `connect-src 'self' ws://${host}`,
  );
}
