/** The content API could not be used: `timeout` → 504, everything else → 502. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}
