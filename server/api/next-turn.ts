/**
 * A turn of the event loop: long work (a bulk write, a link job, the lint) awaits it between
 * slices so other requests' I/O runs meanwhile. Kysely chains SQLite statements on microtasks,
 * which never let the loop turn; setImmediate does, after pending I/O.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
