// The first screen's data asked for with index.html (issue 31, item 12): when the single-page app is served for a
// path whose page reads one API call first, index.html names it in a <link rel="preload" as="fetch">, so the
// browser asks for it while it is still loading the scripts, and the app finds the answer there. The platform
// knows no page: a context provides PAGE_PRELOADS (progress, for the course pages).

export const PAGE_PRELOADS = Symbol('PAGE_PRELOADS');

export interface PagePreloads {
  /**
   * The same-origin API path (with its query) the page at `path` reads first, or null. `cookies` are the request's,
   * so a signed-out visitor gets no preload (it would only answer 401).
   */
  preloadFor(path: string, cookies: Record<string, string | undefined>): string | null;
}

const ATTRIBUTE_UNSAFE = /[^A-Za-z0-9/?=&._-]/;

/**
 * index.html with the preload hint before </head>. `crossorigin="use-credentials"`: the app's fetch of it sends
 * the session cookie with credentials 'include', and a preload is only used by a fetch of the same mode.
 */
export function withPreload(html: string, href: string): string {
  // The href is built by the provider from its own constants; anything else is refused, never escaped into HTML.
  if (!href.startsWith('/api/') || ATTRIBUTE_UNSAFE.test(href)) throw new Error(`Not a preloadable API path: ${href}`);
  const link = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}" />`;
  return html.includes('</head>') ? html.replace('</head>', `    ${link}\n  </head>`) : html;
}
