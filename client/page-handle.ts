/** What a route tells the document about itself (read by the server renderer and the client). */
export interface PageHandle {
  title: string;
  description: string;
  /**
   * Public pages: rendered once per process, served from memory, and shipped without any client
   * JavaScript. Routes without it are rendered per request and hydrated.
   */
  static?: boolean;
}

export const SITE_NAME = 'Argus Words';

/** The handle of the deepest matched route that declares one (pass the matches' handles, root first). */
export function pageHandleOf(handles: unknown[]): PageHandle | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i] as PageHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}
