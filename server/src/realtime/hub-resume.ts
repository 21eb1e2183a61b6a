/**
 * Resuming a subscription (docs/protocol.md, Realtime): a socket that joins with the id of the
 * last message it saw is sent what its channel published after it, then the live messages, each
 * once and in id order. While the history is read, live messages for that socket wait in `held`;
 * afterwards `through` names the last message the replay sent, so a live delivery that lags
 * behind the read (Redis reads on one connection and delivers on another) is not sent twice.
 */
import { HISTORY_MAX_MESSAGES, type RealtimeBus, type RealtimeMessage } from './bus.ts';
import { encodeFrame } from './frames.ts';
import type { HubSocket } from './hub-types.ts';
import { asSeenByClient } from './troop-channels.ts';
import {
  compareMessageIds,
  formatMessageId,
  parseMessageId,
  type MessageId,
  type RangeBound,
} from './message-ids.ts';

/** A channel member's delivery state while and after it resumes. */
export interface ResumingMember {
  socket: HubSocket;
  /** Live messages waiting while the member's history is read. */
  held?: RealtimeMessage[];
  /** The last message a replay sent; cleared by the first live message past it. */
  through?: MessageId;
}

/** The range bound just before `id`, so a history read from it includes `id` itself. */
const justBefore = (id: MessageId): RangeBound =>
  id.seq > 0
    ? { ms: id.ms, seq: id.seq - 1 }
    : id.ms > 0
      ? { ms: id.ms - 1, seq: Number.MAX_SAFE_INTEGER }
      : 'open';

const isAfter = (message: RealtimeMessage, id: MessageId) => {
  const parsed = parseMessageId(message.id);
  return parsed !== undefined && compareMessageIds(parsed, id) > 0;
};

/** Hands a live message (already encoded as `frame`) to a member, holding or skipping it as its resume requires. */
export function deliverLive(member: ResumingMember, message: RealtimeMessage, frame: Buffer): void {
  if (member.held) {
    member.held.push(message);
    return;
  }
  if (member.through) {
    if (!isAfter(message, member.through)) return;
    member.through = undefined;
  }
  member.socket.deliver(frame);
}

/**
 * Delivers what `channel` published after `after`, then the live messages held meanwhile, each
 * once and in id order (ids increase per channel, and every bus delivers in id order). The read
 * starts at `after` itself: finding it proves nothing between was trimmed, which the answer
 * says (`resumed`). `stillMember` says whether the member is still on the channel once the read
 * is over; one that left or closed meanwhile is sent nothing.
 */
export async function replayAfter(
  deps: { bus: Pick<RealtimeBus, 'history'>; now: () => number },
  member: ResumingMember,
  channel: string,
  after: MessageId,
  stillMember: () => boolean,
): Promise<boolean> {
  let history: RealtimeMessage[];
  try {
    history = await deps.bus.history(
      channel,
      { start: justBefore(after), end: 'open', limit: HISTORY_MAX_MESSAGES + 1 },
      deps.now(),
    );
  } catch (err) {
    member.held = undefined;
    throw err;
  }
  const resumed = history[0]?.id === formatMessageId(after);
  let last = after;
  const send = (m: RealtimeMessage) => {
    if (!isAfter(m, last)) return;
    member.socket.deliver(Buffer.from(encodeFrame('message', asSeenByClient(m))));
    last = parseMessageId(m.id) as MessageId;
  };
  const still = stillMember();
  const held = member.held ?? [];
  member.held = undefined;
  if (still) {
    for (const m of [...history, ...held]) send(m);
    member.through = last;
  }
  return resumed;
}
