/**
 * What each frame from the server means to the client: acknowledgements settle the request they
 * answer (realtime/requests.ts), messages and presence go to their channel, and an error either
 * settles a request or, tied to none, reaches the client's error listeners. Apart from the client
 * (realtime.ts) so the frame types of docs/protocol.md (Realtime) read in one place.
 */
import type { ScoutError } from '../errors.ts';
import { realtimeError, type RealtimeChannel } from './channel.ts';
import type { RealtimeRequests } from './requests.ts';
import type { PresenceUser, RealtimeMessage, ServerFrame } from './types.ts';

export interface FrameTarget {
  readonly requests: RealtimeRequests;
  readonly channels: ReadonlyMap<string, RealtimeChannel>;
  /** The server accepted the socket's token; undefined when it acts for nobody. */
  authenticated(userId: string | undefined): void;
  /** An error tied to no request: a refused token, a server-side failure. */
  unanswered(err: ScoutError): void;
}

export function routeFrame(frame: ServerFrame, to: FrameTarget): void {
  const p = frame.payload;
  const channelName = typeof p.channel === 'string' ? p.channel : undefined;
  const ch = channelName === undefined ? undefined : to.channels.get(channelName);
  switch (frame.type) {
    case 'authenticated':
      return to.authenticated(typeof p.userId === 'string' ? p.userId : undefined);
    case 'subscribed':
      to.requests.untrack(channelName);
      return ch?.handleSubscribed(p.resumed === true);
    case 'unsubscribed':
      return to.requests.unsubscribed(channelName);
    case 'published':
      return to.requests.published(channelName, p.messageId);
    case 'message':
      return ch?.handleMessage(p as unknown as RealtimeMessage);
    case 'presence': {
      const users = (p.data as { users?: PresenceUser[] } | undefined)?.users;
      return ch?.handlePresence(Array.isArray(users) ? users : []);
    }
    case 'error':
      return routeError(channelName, p, to);
    default:
      return;
  }
}

function routeError(
  channelName: string | undefined,
  p: Record<string, unknown>,
  to: FrameTarget,
): void {
  const err = realtimeError(
    typeof p.code === 'string' ? p.code : 'REALTIME_ERROR',
    typeof p.error === 'string' ? p.error : 'Realtime error',
  );
  const answered = to.requests.refused(channelName, err);
  if (answered === 'publish' || answered === 'unsubscribe') return;
  if (answered === 'subscribe' && channelName)
    return to.channels.get(channelName)?.handleRefused(err);
  to.unanswered(err);
}
