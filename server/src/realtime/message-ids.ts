/**
 * Message ids are "<ms>-<seq>" and increase per channel (docs/protocol.md, Realtime): the same shape as
 * Redis stream ids, so the in-process bus and the Redis bus hand out ids a client cannot tell
 * apart. `-` and `+` stand for the two ends of a channel's history.
 */
export interface MessageId {
  ms: number;
  seq: number;
}

const ID_PATTERN = /^(\d{1,15})-(\d{1,15})$/;

export function parseMessageId(text: string): MessageId | undefined {
  const m = ID_PATTERN.exec(text);
  if (!m) return undefined;
  return { ms: Number(m[1]), seq: Number(m[2]) };
}

export const formatMessageId = (id: MessageId) => `${id.ms}-${id.seq}`;

export function compareMessageIds(a: MessageId, b: MessageId): number {
  return a.ms !== b.ms ? a.ms - b.ms : a.seq - b.seq;
}

/** The id after `last` at time `now`; a clock that stands still or steps back never repeats an id. */
export function nextMessageId(last: MessageId | undefined, now: number): MessageId {
  if (!last || now > last.ms) return { ms: now, seq: 0 };
  return { ms: last.ms, seq: last.seq + 1 };
}

/** A range bound from a query: `-` / `+` (or absent) mean open; anything else must be an id. */
export type RangeBound = MessageId | 'open';

export function parseRangeBound(text: string | undefined): RangeBound | undefined {
  if (text === undefined || text === '' || text === '-' || text === '+') return 'open';
  return parseMessageId(text);
}
