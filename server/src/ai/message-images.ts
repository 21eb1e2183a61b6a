/**
 * The images of `/text` messages reach the provider as bytes, never as the member's URL: each
 * is read as images to modify are (input-images.ts: this troop's storage, or another site
 * through the checked outbound client and its address policy, docs/decisions/035) and sent as
 * a data URL. A provider on the troop's network therefore never fetches anything a member
 * names, and one that cannot reach the web at all (a local model service) still sees the image.
 */
import type OpenAI from 'openai';
import type { AiCall, AiContext } from './ai-context.ts';
import { readImages } from './input-images.ts';

type ChatParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.Completions.ChatCompletionContentPart;

const imageLinkOf = (part: ContentPart) =>
  part.type === 'image_url' ? part.image_url.url : undefined;

/** `messages` with every image link replaced by the image's bytes as a data URL. */
export async function imagesAsData(
  ctx: AiContext,
  call: AiCall,
  messages: ChatParam[],
): Promise<ChatParam[]> {
  const urls = new Set<string>();
  for (const m of messages)
    if (m.role === 'user' && Array.isArray(m.content))
      for (const part of m.content) {
        const url = imageLinkOf(part);
        if (url !== undefined) urls.add(url);
      }
  if (urls.size === 0) return messages;
  const wanted = [...urls];
  const images = await readImages(ctx, call, wanted, 'The images of the messages');
  const dataUrls = new Map(
    wanted.map((url, i) => {
      const image = images[i]!;
      return [url, `data:${image.mime};base64,${image.bytes.toString('base64')}`];
    }),
  );
  return messages.map((m) =>
    m.role === 'user' && Array.isArray(m.content)
      ? {
          ...m,
          content: m.content.map((part) =>
            part.type === 'image_url'
              ? {
                  ...part,
                  image_url: { ...part.image_url, url: dataUrls.get(part.image_url.url)! },
                }
              : part,
          ),
        }
      : m,
  );
}
