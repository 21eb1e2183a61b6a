/**
 * How an outbound request fails: one error with a kind the gateway's routes turn into an answer
 * (a refused address, a timeout, an answer too large...). Its own file because the connection,
 * the exchange and the client (outbound-*.ts) all fail the same way.
 */

export type OutboundFailure =
  | 'bad-url'
  | 'bad-request'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'over-budget'
  | 'too-many-redirects';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The answer went past `max` bytes (after decompression). */
export const tooLarge = (max: number) =>
  new OutboundError('too-large', `The answer is larger than ${Math.round(max / 1024)} KB`);

/** The answer did not fit in what its shared byte budget (a page capture's total, `max`) had left. */
export const overBudget = (max: number) =>
  new OutboundError(
    'over-budget',
    `The page loads more than a page capture may read (${Math.round(max / (1024 * 1024))} MB in all)`,
  );
