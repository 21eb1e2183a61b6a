/**
 * What a person reads when a call fails (docs/product.md section 8): the service's own words when the error
 * came from the client library, else the screen's fallback. A bare Error (a bug, a browser
 * failure) never leaks its technical text.
 */
export function failureMessage(err: unknown, fallback: string): string {
  if (typeof err === 'object' && err !== null && 'userMessage' in err) {
    const { userMessage } = err as { userMessage: unknown };
    if (typeof userMessage === 'string' && userMessage.trim()) return userMessage;
  }
  return fallback;
}
