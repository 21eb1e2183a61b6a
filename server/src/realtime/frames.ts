/**
 * The socket's frames (docs/protocol.md, Realtime): JSON `{type, payload}`. Parsing is pure: a frame is
 * either understood, invalid for its type (answered with `error`, the socket stays open), or
 * garbage (answered with `error`, then the socket is closed).
 */
import { z } from 'zod';
import { CHANNEL_PATTERN } from './channel-access.ts';
import { parseMessageId } from './message-ids.ts';

/** Larger frames are refused (and the socket closed): messages are for events, not files. */
export const MAX_FRAME_BYTES = 64 * 1024;

const channel = z
  .string()
  .regex(CHANNEL_PATTERN, 'channel must be 1-128 letters, digits, _ : . or -');
// Some clients send `null` for "no metadata".
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((m) => m ?? undefined);

/** A resuming subscribe names the last message its client saw; `null` means none. */
const after = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const id = parseMessageId(text);
    if (!id) ctx.addIssue({ code: 'custom', message: 'must be a message id "<ms>-<seq>"' });
    return id ?? z.NEVER;
  })
  .nullish()
  .transform((id) => id ?? undefined);

export const clientFrameSchemas = {
  auth: z.object({ token: z.string().min(1).max(8192) }),
  // A claimed userId is accepted and ignored: identity comes from the token only.
  subscribe: z.object({ channel, userId: z.unknown().optional(), metadata, after }),
  unsubscribe: z.object({ channel }),
  publish: z.object({
    channel,
    type: z.string().min(1).max(128),
    data: z.unknown().optional(),
    userId: z.unknown().optional(),
    metadata,
  }),
  ping: z.object({}).passthrough(),
} as const;

type Schemas = typeof clientFrameSchemas;
export type ClientFrame = {
  [K in keyof Schemas]: { type: K; payload: z.output<Schemas[K]> };
}[keyof Schemas];

export type ParsedFrame =
  | { kind: 'frame'; frame: ClientFrame }
  | { kind: 'invalid'; type: string; channel: string | undefined; error: string }
  | { kind: 'garbage'; error: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseClientFrame(text: string): ParsedFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'garbage', error: 'Frames must be JSON' };
  }
  if (!isObject(raw) || typeof raw.type !== 'string')
    return { kind: 'garbage', error: 'Frames must be JSON objects {type, payload}' };
  const type = raw.type;
  if (!Object.hasOwn(clientFrameSchemas, type))
    return { kind: 'garbage', error: `Unknown frame type "${type.slice(0, 32)}"` };
  const payload = raw.payload ?? {};
  const claimed =
    isObject(payload) && typeof payload.channel === 'string'
      ? payload.channel.slice(0, 128)
      : undefined;
  if (!isObject(payload))
    return { kind: 'invalid', type, channel: claimed, error: 'payload must be an object' };
  const result = clientFrameSchemas[type as keyof Schemas].safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
    return {
      kind: 'invalid',
      type,
      channel: claimed,
      error: `Invalid ${where}: ${issue?.message ?? 'invalid value'}`,
    };
  }
  return { kind: 'frame', frame: { type, payload: result.data } as ClientFrame };
}

export type ServerFrameType =
  | 'connected'
  | 'authenticated'
  | 'subscribed'
  | 'unsubscribed'
  | 'message'
  | 'presence'
  | 'published'
  | 'pong'
  | 'error';

export const encodeFrame = (type: ServerFrameType, payload: unknown) =>
  JSON.stringify({ type, payload });
