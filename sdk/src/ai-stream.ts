/**
 * Reading the AI gateway's streams (docs/protocol.md, AI): the lines of a response body as
 * they arrive, the text stream's server-sent events, the object stream's `2:`/`d:`/`3:`
 * lines, and the object stream's other format, the growing JSON text. A stream that ends
 * before its finish line was cut off: an error, not an answer. The growing text has no finish
 * line: the server ends it abnormally when it is cut or does not fit, so a body that ends
 * whole holds a checked answer.
 */
import { parsePartialJson } from '@scout/protocol/partial-json';
import { ScoutError } from './errors.ts';

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export const cutOff = (cause?: unknown) =>
  new ScoutError({
    kind: 'ai',
    code: 'NETWORK_ERROR',
    message: 'The AI answer was cut off before it finished',
    retryable: true,
    cause,
  });

const outputInvalid = (message: string) =>
  new ScoutError({ kind: 'ai', code: 'AI_OUTPUT_INVALID', message, status: 502 });

/** The body's text as it arrives, decoded. */
export async function* bodyText(
  response: Response,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
  // A cancelled body ends like a whole one: it is not an answer.
  if (signal?.aborted) throw cutOff(signal.reason);
}

/** Each line of the body (without its newline), as soon as it is complete. */
export async function* bodyLines(
  response: Response,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  let buffered = '';
  for await (const text of bodyText(response, signal)) {
    buffered += text;
    let at: number;
    while ((at = buffered.indexOf('\n')) >= 0) {
      yield buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
    }
  }
  if (buffered) yield buffered;
}

interface Finish {
  finishReason: string;
  usage: AiUsage;
}

/** The text stream's events: each delta to `onChunk`; the finish event's reason and usage. */
export async function readTextEvents(
  lines: AsyncIterable<string>,
  onChunk: (chunk: string) => void,
): Promise<Finish & { text: string }> {
  let text = '';
  let finish: Finish | undefined;
  for await (const line of lines) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') break;
    const event = JSON.parse(data) as {
      type?: string;
      delta?: string;
      finishReason?: string;
      usage?: AiUsage;
    };
    if (event.type === 'text-delta' && typeof event.delta === 'string') {
      text += event.delta;
      onChunk(event.delta);
    } else if (event.type === 'finish')
      finish = { finishReason: event.finishReason ?? 'unknown', usage: event.usage ?? noUsage };
  }
  if (!finish) throw cutOff();
  return { text, ...finish };
}

const noUsage: AiUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/** The object stream's lines: each partial to `onPartial`, the last one is the object. */
export async function readObjectLines(
  lines: AsyncIterable<string>,
  onPartial: (partial: unknown) => void,
): Promise<Finish & { object: unknown }> {
  let object: unknown;
  for await (const line of lines) {
    const code = line.slice(0, 2);
    if (code === '2:') {
      const [partial] = JSON.parse(line.slice(2)) as unknown[];
      object = partial;
      onPartial(partial);
    } else if (code === '3:') {
      throw outputInvalid(JSON.parse(line.slice(2)) as string);
    } else if (code === 'd:') {
      const d = JSON.parse(line.slice(2)) as Partial<Finish>;
      return { object, finishReason: d.finishReason ?? 'unknown', usage: d.usage ?? noUsage };
    }
  }
  throw cutOff();
}

/**
 * The growing JSON text: each more complete value to `onPartial`, the whole text's value as
 * the object. Array and enum answers arrive wrapped (`{"elements": [...]}`, `{"result": ...}`)
 * and are unwrapped here. The format carries no finish reason or usage.
 */
export async function readObjectText(
  chunks: AsyncIterable<string>,
  output: 'object' | 'array' | 'enum',
  onPartial: (partial: unknown) => void,
): Promise<Finish & { object: unknown }> {
  const unwrap = (v: unknown): unknown => {
    if (output === 'object') return v;
    if (typeof v !== 'object' || v === null) return undefined;
    return output === 'array'
      ? (v as { elements?: unknown }).elements
      : (v as { result?: unknown }).result;
  };
  let text = '';
  let last = '';
  for await (const chunk of chunks) {
    text += chunk;
    const partial = unwrap(parsePartialJson(text));
    const json = partial === undefined ? '' : JSON.stringify(partial);
    if (json && json !== last) {
      last = json;
      onPartial(partial);
    }
  }
  let object: unknown;
  try {
    object = unwrap(JSON.parse(text));
  } catch {
    throw outputInvalid('The AI answer is not JSON');
  }
  if (object === undefined) throw outputInvalid('The AI answer is not the requested output');
  return { object, finishReason: 'unknown', usage: noUsage };
}
