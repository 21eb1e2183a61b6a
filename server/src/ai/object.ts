/**
 * Objects, whole or streamed (docs/protocol.md, AI). The provider is asked for JSON fitting
 * the schema; the answer is checked against it before anyone sees it whole. Streams come in
 * the two formats no single response serves (AI_OBJECT_STREAM, or the client's
 * `streamFormat`): `2:` lines with each new partial object then `d:` (a final answer that does
 * not fit ends with a `3:` error line instead), or the growing JSON text itself (a final answer
 * that does not fit, or a provider that cuts it, ends the response abnormally: the connection
 * is closed before the body's end, which every HTTP client reports as an incomplete answer).
 */
import { Readable } from 'node:stream';
import type { AiCall, AiContext } from './ai-context.ts';
import { chatOptions, finishReason, toChatMessages } from './chat.ts';
import { finalObject, objectShape, type ObjectShape } from './object-schema.ts';
import { parsePartialJson } from '@scout/protocol/partial-json';
import {
  objectStreamError,
  objectStreamFinish,
  objectStreamPartial,
  type Usage,
} from './stream-lines.ts';
import {
  answerAndRecord,
  chatDeltas,
  openChatStream,
  outcomeUsage,
  recordQuietly,
  startOutcome,
} from './text.ts';
import type { ObjectRequest } from './text-schemas.ts';
import type { ObjectStreamFormat } from '@scout/protocol/ai-streams';

export interface ObjectAnswer {
  object: unknown;
  finishReason: string;
  usage: Usage;
}

/**
 * JSON mode (an object without a schema) is refused by OpenAI unless the messages mention
 * JSON; the instruction says so for every provider.
 */
const JSON_MODE_INSTRUCTION = 'Answer with one JSON object.';

function params(body: ObjectRequest, shape: ObjectShape) {
  const jsonMode = shape.responseFormat.type === 'json_object';
  const system = jsonMode
    ? [body.system, JSON_MODE_INSTRUCTION].filter(Boolean).join('\n\n')
    : body.system;
  return {
    messages: toChatMessages({ prompt: body.prompt, system }),
    response_format: shape.responseFormat,
    ...chatOptions(body),
  };
}

async function leaseFor(ctx: AiContext, call: AiCall, body: ObjectRequest) {
  const shape = objectShape(body);
  await ctx.meter.admit(call.caller);
  return { shape, lease: await ctx.provider.lease('text', body.model, call.clientGone, call.log) };
}

export async function generateObject(
  ctx: AiContext,
  call: AiCall,
  body: ObjectRequest,
): Promise<ObjectAnswer> {
  const { shape, lease } = await leaseFor(ctx, call, body);
  const answer = await answerAndRecord(ctx, call, lease, params(body, shape));
  const { finishReason, usage } = answer;
  return { object: finalObject(shape, answer.text), finishReason, usage };
}

export async function streamObject(
  ctx: AiContext,
  call: AiCall,
  body: ObjectRequest,
  format: ObjectStreamFormat,
): Promise<Readable> {
  const { shape, lease } = await leaseFor(ctx, call, body);
  const p = params(body, shape);
  const opened = await openChatStream(lease, p);
  const outcome = startOutcome();
  const usage = () => outcomeUsage(outcome, p.messages);

  async function* lines(): AsyncGenerator<string> {
    let last = '';
    try {
      for await (const delta of chatDeltas(opened, outcome)) {
        if (format === 'text') {
          yield delta;
          continue;
        }
        const partial = shape.unwrap(parsePartialJson(outcome.text));
        const json = partial === undefined ? '' : JSON.stringify(partial);
        if (json && json !== last) {
          last = json;
          yield objectStreamPartial(partial);
        }
      }
    } catch (err) {
      const failure = lease.failure(err);
      // The growing text has no finish line: only an abnormal end tells its reader it was cut.
      if (format === 'text') throw failure;
      return;
    } finally {
      lease.release();
      await recordQuietly(ctx, call, lease.model, usage());
    }
    if (format === 'text') {
      // Nor an error line: an answer that does not fit ends the response abnormally
      // (AI_OUTPUT_INVALID), so no reader takes the text it has for a checked answer. Such a
      // response has no request log line: this one says why it ended, without the answer.
      try {
        finalObject(shape, outcome.text);
      } catch (err) {
        call.log.warn(
          { code: 'AI_OUTPUT_INVALID' },
          'AI object stream ended: the answer does not fit',
        );
        throw err;
      }
      return;
    }
    let object: unknown;
    try {
      object = finalObject(shape, outcome.text);
    } catch (err) {
      yield objectStreamError((err as Error).message);
      return;
    }
    if (JSON.stringify(object) !== last) yield objectStreamPartial(object);
    yield objectStreamFinish(finishReason(outcome.finishReason), usage());
  }
  return Readable.from(lines(), { objectMode: false });
}
