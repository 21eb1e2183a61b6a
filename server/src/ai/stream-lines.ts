/**
 * The lines of the AI gateway's streams (docs/protocol.md, AI). One text stream serves both
 * client generations: older clients read `f:`, `0:` and `d:` lines and skip what they do not
 * know; newer ones read server-sent events (`data: {...}` ended by a blank line) and skip lines
 * that are not `data:`. An old-format line never falls between a `data:` line and its blank
 * line, so each client sees the other's lines as lines to skip. No `e:` line is ever written.
 * A client may ask for the older lines alone (`streamFormat: 'lines'`): the Vercel AI SDK 4
 * data-stream reader fails on any line it does not know.
 */
import type { TextStreamFormat } from '@scout/protocol/ai-streams';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** The newer generation's events, written unless the client asked for the older lines alone. */
const events = (format: TextStreamFormat, text: string) => (format === 'lines' ? '' : text);

export function textStreamStart(messageId: string, format: TextStreamFormat = 'both'): string {
  return (
    `f:${JSON.stringify({ messageId })}\n` +
    events(format, event({ type: 'start', messageId }) + event({ type: 'text-start', id: '0' }))
  );
}

export function textStreamDelta(text: string, format: TextStreamFormat = 'both'): string {
  return (
    `0:${JSON.stringify(text)}\n` +
    events(format, event({ type: 'text-delta', id: '0', delta: text }))
  );
}

export function textStreamFinish(
  finishReason: string,
  usage: Usage,
  format: TextStreamFormat = 'both',
): string {
  return (
    `d:${JSON.stringify({ finishReason, usage })}\n` +
    events(
      format,
      event({ type: 'text-end', id: '0' }) +
        event({ type: 'finish', finishReason, usage }) +
        'data: [DONE]\n\n',
    )
  );
}

/** Object streams, older clients: each new partial object as a `2:` line, then `d:`. */
export const objectStreamPartial = (partial: unknown) => `2:${JSON.stringify([partial])}\n`;
export const objectStreamFinish = (finishReason: string, usage: Usage) =>
  `d:${JSON.stringify({ finishReason, usage })}\n`;
/** An error the older object clients can read (a `3:` line); never sent before the first byte. */
export const objectStreamError = (message: string) => `3:${JSON.stringify(message)}\n`;
