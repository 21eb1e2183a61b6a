/**
 * The AI gateway's settings from the environment (docs/operations.md, AI gateway). Any service
 * that speaks the OpenAI API will do: OpenAI itself, or a troop's own Ollama, vLLM or LM Studio.
 * `AI_BASE_URL` and `AI_API_KEY` serve every capability; `AI_<CAP>_BASE_URL`, `AI_<CAP>_API_KEY`
 * and `AI_<CAP>_MODEL` (CAP: TEXT, IMAGE, SPEECH, TRANSCRIBE) point one capability elsewhere.
 * A capability with no base URL is off and answers 503 AI_NOT_CONFIGURED.
 */
import type { ObjectStreamFormat } from '@scout/protocol/ai-streams';
import { wholeNumber, type Env } from '../env-values.ts';

export const AI_CAPABILITIES = ['text', 'image', 'speech', 'transcribe'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

export interface AiProviderConfig {
  /** Up to and including the API version segment: `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Absent for local services that need none (Ollama). */
  apiKey: string | undefined;
  /** The provider's model used when a client names none or a name the map does not know. */
  model: string;
}

export interface AiConfig {
  providers: Partial<Record<AiCapability, AiProviderConfig>>;
  /** Names clients send -> the provider's names (docs/decisions/032-ai-provider-and-models.md). */
  modelMap: Record<string, string>;
  /** How `/object` streams: `2:` lines (older clients) or the growing JSON text. */
  objectStream: ObjectStreamFormat;
  /** Tokens one user may spend per UTC day, all capabilities together. */
  dailyTokens: number;
  /** Requests one user may make per minute. */
  requestsPerMinute: number;
  /** Provider calls running at once in this process; more wait for a free place. */
  maxConcurrent: number;
  /** A provider call longer than this is abandoned (504). */
  timeoutMs: number;
}

const DEFAULT_MODELS: Record<AiCapability, string> = {
  text: 'gpt-4o-mini',
  image: 'gpt-image-1',
  speech: 'tts-1',
  transcribe: 'whisper-1',
};

function baseUrl(name: string, value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    if (u.search || u.hash) throw new Error();
    return value.replace(/\/+$/, '');
  } catch {
    throw new Error(
      `${name} must be an http(s) URL such as https://api.openai.com/v1, got "${value}"`,
    );
  }
}

function modelName(name: string, value: string): string {
  if (!/^[\w.:/@+-]{1,200}$/.test(value))
    throw new Error(
      `${name} must be a model name (letters, digits, . : / @ + - _), got "${value}"`,
    );
  return value;
}

/** `AI_MODEL_MAP=gpt-4o-mini=llama3.2,gpt-4o=qwen2.5:14b`: client name = provider name. */
function parseModelMap(raw: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const entry of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    if (at <= 0)
      throw new Error(`AI_MODEL_MAP entries are client-name=provider-name, got "${entry}"`);
    map[modelName('AI_MODEL_MAP', entry.slice(0, at).trim())] = modelName(
      'AI_MODEL_MAP',
      entry.slice(at + 1).trim(),
    );
  }
  return map;
}

/** Throws an Error whose message is one line naming the variable; config.ts wraps it. */
export function parseAiConfig(env: Env): AiConfig {
  const providers: AiConfig['providers'] = {};
  for (const cap of AI_CAPABILITIES) {
    const prefix = `AI_${cap.toUpperCase()}`;
    const ownUrl = env[`${prefix}_BASE_URL`];
    const url = ownUrl || env.AI_BASE_URL;
    const model = env[`${prefix}_MODEL`];
    if (model) modelName(`${prefix}_MODEL`, model);
    if (!url) continue;
    providers[cap] = {
      baseUrl: baseUrl(ownUrl ? `${prefix}_BASE_URL` : 'AI_BASE_URL', url),
      apiKey: env[`${prefix}_API_KEY`] || env.AI_API_KEY || undefined,
      model: model || DEFAULT_MODELS[cap],
    };
  }
  const objectStream = env.AI_OBJECT_STREAM || 'lines';
  if (objectStream !== 'lines' && objectStream !== 'text')
    throw new Error(`AI_OBJECT_STREAM must be lines or text, got "${objectStream}"`);
  return {
    providers,
    modelMap: parseModelMap(env.AI_MODEL_MAP),
    objectStream,
    dailyTokens: wholeNumber(env, 'AI_DAILY_TOKENS', 200_000, 1, 1_000_000_000),
    requestsPerMinute: wholeNumber(env, 'AI_REQUESTS_PER_MINUTE', 20, 1, 100_000),
    maxConcurrent: wholeNumber(env, 'AI_MAX_CONCURRENT', 4, 1, 1000),
    timeoutMs: wholeNumber(env, 'AI_TIMEOUT_SECONDS', 120, 1, 3600) * 1000,
  };
}

/** The provider's model for what a client asked: mapped, else the capability's default. */
export function providerModel(
  config: AiConfig,
  provider: AiProviderConfig,
  asked: string | undefined,
): string {
  if (asked && Object.hasOwn(config.modelMap, asked)) return config.modelMap[asked] as string;
  return provider.model;
}
