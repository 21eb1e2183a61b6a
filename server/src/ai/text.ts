/**
 * Text generation, whole or streamed (docs/protocol.md, AI). A stream answers 200 only once
 * the provider's first chunk is in: anything that fails before it is an HTTP error the client
 * reads; a provider that fails later ends the stream without its finish lines, which both
 * client generations read as an incomplete answer.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type OpenAI from 'openai';
import type { AiCall, AiContext } from './ai-context.ts';
import {
  chatOptions,
  completeChat,
  finishReason,
  promptChars,
  toChatMessages,
  toUsage,
} from './chat.ts';
import { imagesAsData } from './message-images.ts';
import type { ProviderLease } from './provider.ts';
import { textStreamDelta, textStreamFinish, textStreamStart, type Usage } from './stream-lines.ts';
import type { TextRequest } from './text-schemas.ts';
import type { TextStreamFormat } from '@scout/protocol/ai-streams';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ChatParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export interface TextAnswer {
  text: string;
  finishReason: string;
  usage: Usage;
  result?: { text: string; finishReason: string; usage: Usage };
}

/**
 * The provider's messages and a provider place, once the caller is admitted. The messages'
 * images are read in between (message-images.ts): neither past the member's budget nor on the
 * provider's time.
 */
async function prepare(
  ctx: AiContext,
  call: AiCall,
  body: TextRequest,
): Promise<{ messages: ChatParam[]; lease: ProviderLease }> {
  ctx.provider.assertConfigured('text');
  await ctx.meter.admit(call.caller);
  const messages = await imagesAsData(ctx, call, toChatMessages(body));
  return {
    messages,
    lease: await ctx.provider.lease('text', body.model, call.clientGone, call.log),
  };
}

/**
 * One whole chat answer with its usage recorded: spent whether or not the caller can use the
 * answer (an object that does not fit its schema still cost its tokens).
 */
export async function answerAndRecord(
  ctx: AiContext,
  call: AiCall,
  lease: ProviderLease,
  params: Parameters<typeof completeChat>[1],
): Promise<{ text: string; finishReason: string; usage: Usage }> {
  const answer = await completeChat(lease, params);
  const choice = answer.choices[0];
  const text = choice?.message.content ?? '';
  const usage = toUsage(answer.usage, {
    promptChars: promptChars(params.messages),
    answerChars: text.length,
  });
  await ctx.meter.record(call.caller, 'text', lease.model, usage);
  return { text, finishReason: finishReason(choice?.finish_reason), usage };
}

export async function generateText(
  ctx: AiContext,
  call: AiCall,
  body: TextRequest,
): Promise<TextAnswer> {
  const { messages, lease } = await prepare(ctx, call, body);
  const result = await answerAndRecord(ctx, call, lease, { messages, ...chatOptions(body) });
  // Older clients read an empty answer's fields from `result`.
  return result.text === '' ? { ...result, result } : result;
}

/**
 * A provider chat stream whose first chunk has arrived: the iterator and that chunk. Errors
 * before it are thrown as the gateway's errors, with the lease released.
 */
export async function openChatStream(
  lease: ProviderLease,
  params: Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming, 'model' | 'stream'>,
): Promise<{ first: IteratorResult<Chunk>; rest: AsyncIterator<Chunk> }> {
  try {
    const stream = await lease.client.chat.completions.create(
      { ...params, model: lease.model, stream: true, stream_options: { include_usage: true } },
      { signal: lease.signal },
    );
    const rest = stream[Symbol.asyncIterator]();
    return { first: await rest.next(), rest };
  } catch (err) {
    lease.release();
    throw lease.failure(err);
  }
}

/** Records a text or object stream's usage; the answer is already sent, so a failure is logged, not thrown. */
export async function recordQuietly(
  ctx: AiContext,
  call: AiCall,
  model: string,
  usage: Usage,
): Promise<void> {
  try {
    await ctx.meter.record(call.caller, 'text', model, usage);
  } catch (err) {
    call.log.warn(
      { failure: err instanceof Error ? err.name : typeof err },
      'AI usage not recorded',
    );
  }
}

/** What a streamed answer came to, for the finish lines and the usage record. */
export interface StreamOutcome {
  text: string;
  finishReason: string | null;
  usage: OpenAI.CompletionUsage | undefined;
  complete: boolean;
}

export const startOutcome = (): StreamOutcome => ({
  text: '',
  finishReason: null,
  usage: undefined,
  complete: false,
});

/** A streamed answer's usage so far, estimated from characters where the provider gave none. */
export const outcomeUsage = (outcome: StreamOutcome, messages: ChatParam[]): Usage =>
  toUsage(outcome.usage, {
    promptChars: promptChars(messages),
    answerChars: outcome.text.length,
  });

/** Yields each text delta of a provider stream; `outcome` is filled as it goes. */
export async function* chatDeltas(
  opened: { first: IteratorResult<Chunk>; rest: AsyncIterator<Chunk> },
  outcome: StreamOutcome,
): AsyncGenerator<string> {
  for (let r = opened.first; !r.done; r = await opened.rest.next()) {
    if (r.value.usage) outcome.usage = r.value.usage;
    const choice = r.value.choices[0];
    const delta = choice?.delta?.content;
    if (choice?.finish_reason) outcome.finishReason = choice.finish_reason;
    if (delta) {
      outcome.text += delta;
      yield delta;
    }
  }
  outcome.complete = true;
}

export async function streamText(
  ctx: AiContext,
  call: AiCall,
  body: TextRequest,
  format: TextStreamFormat = 'both',
): Promise<Readable> {
  const { messages, lease } = await prepare(ctx, call, body);
  const opened = await openChatStream(lease, { messages, ...chatOptions(body) });
  const outcome = startOutcome();

  async function* lines(): AsyncGenerator<string> {
    try {
      yield textStreamStart(`msg-${crypto.randomUUID()}`, format);
      for await (const delta of chatDeltas(opened, outcome)) yield textStreamDelta(delta, format);
    } catch (err) {
      // Cut midway: the answer so far stands, without finish lines. Logged by status only.
      lease.failure(err);
      return;
    } finally {
      lease.release();
      await recordQuietly(ctx, call, lease.model, outcomeUsage(outcome, messages));
    }
    yield textStreamFinish(
      finishReason(outcome.finishReason),
      outcomeUsage(outcome, messages),
      format,
    );
  }
  return Readable.from(lines(), { objectMode: false });
}
