/**
 * From the gateway's wire to the provider's and back: messages in the OpenAI chat shape,
 * usage in the gateway's, and token counts estimated where a provider gives none (a local
 * service may not count), so budgets still hold.
 */
import type OpenAI from 'openai';
import type { ChatMessage } from './text-schemas.ts';
import type { ProviderLease } from './provider.ts';
import type { Usage } from './stream-lines.ts';

type ChatParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The sampling settings a client may give, in the provider's names. */
export const chatOptions = (body: {
  maxTokens?: number | undefined;
  temperature?: number | undefined;
}) => ({
  ...(body.maxTokens !== undefined ? { max_tokens: body.maxTokens } : {}),
  ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
});

/**
 * One whole (not streamed) chat completion on a lease, which is released whatever happens; a
 * provider failure becomes the gateway's error (provider.ts).
 */
export async function completeChat(
  lease: ProviderLease,
  request: Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, 'model'>,
): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  try {
    return await lease.client.chat.completions.create(
      { model: lease.model, ...request },
      { signal: lease.signal },
    );
  } catch (err) {
    throw lease.failure(err);
  } finally {
    lease.release();
  }
}

const textOf = (content: ChatMessage['content']) =>
  typeof content === 'string'
    ? content
    : content
        .filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join('\n');

export function toChatMessages(input: {
  prompt?: string | undefined;
  messages?: ChatMessage[] | undefined;
  system?: string | undefined;
}): ChatParam[] {
  const out: ChatParam[] = [];
  if (input.system) out.push({ role: 'system', content: input.system });
  for (const m of input.messages ?? []) {
    if (m.role === 'user' && typeof m.content !== 'string') {
      out.push({
        role: 'user',
        content: m.content.map((p) =>
          p.type === 'text'
            ? { type: 'text' as const, text: p.text }
            : { type: 'image_url' as const, image_url: { url: p.image } },
        ),
      });
    } else out.push({ role: m.role, content: textOf(m.content) });
  }
  if (input.prompt !== undefined) out.push({ role: 'user', content: input.prompt });
  return out;
}

/** About four characters a token: what budgets count when a provider reports no usage. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function promptChars(messages: ChatParam[]): number {
  let n = 0;
  for (const m of messages) {
    if (typeof m.content === 'string') n += m.content.length;
    else if (Array.isArray(m.content))
      for (const p of m.content) n += 'text' in p && typeof p.text === 'string' ? p.text.length : 0;
  }
  return n;
}

export function toUsage(
  provider: OpenAI.CompletionUsage | undefined | null,
  estimate: { promptChars: number; answerChars: number },
): Usage {
  if (provider && provider.total_tokens > 0)
    return {
      promptTokens: provider.prompt_tokens,
      completionTokens: provider.completion_tokens,
      totalTokens: provider.total_tokens,
    };
  const promptTokens = estimateTokens(estimate.promptChars);
  const completionTokens = estimateTokens(estimate.answerChars);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/**
 * The finish reasons existing clients know. Newer clients validate the reason against this
 * list and fail the whole stream on any other, so a provider's own reason (a local service may
 * invent one) is `other`.
 */
const FINISH_REASONS: Record<string, string> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

export function finishReason(reason: string | null | undefined): string {
  if (!reason) return 'unknown';
  return FINISH_REASONS[reason] ?? 'other';
}
