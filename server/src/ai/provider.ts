/**
 * The way to a provider: an `openai` client per capability (loaded only when AI is configured),
 * at most `AI_MAX_CONCURRENT` calls at once in this process, a time limit per call, and the
 * call aborted when the client that asked goes away. Provider failures become the gateway's
 * own errors here, and only their status reaches the log: a provider's error text may quote
 * the prompt (docs/decisions/032-ai-provider-and-models.md).
 */
import type OpenAI from 'openai';
import type { Logger } from 'pino';
import { ApiError } from '../errors.ts';
import { providerModel, type AiCapability, type AiConfig } from './ai-config.ts';
import { createGate, type Gate } from './gate.ts';

type OpenAIModule = typeof import('openai');

/** One provider call in progress: hold it until the answer is complete, then release it. */
export interface ProviderLease {
  client: OpenAI;
  /** The provider's model name for this call. */
  model: string;
  /** Aborts on timeout or when the client goes away; pass it to every provider request. */
  signal: AbortSignal;
  /** The gateway's error for whatever the provider call threw. */
  failure(err: unknown): ApiError;
  release(): void;
}

export interface AiProvider {
  readonly config: AiConfig;
  /** 503 AI_NOT_CONFIGURED when the capability has no provider. */
  assertConfigured(capability: AiCapability): void;
  /** Waits for a free place (or the client to leave), then leases a client. */
  lease(
    capability: AiCapability,
    askedModel: string | undefined,
    clientGone: AbortSignal,
    log: Pick<Logger, 'warn'>,
  ): Promise<ProviderLease>;
}

const NOT_CONFIGURED: Record<AiCapability, string> = {
  text: 'Text generation is not set up on this server (AI_BASE_URL or AI_TEXT_BASE_URL)',
  image: 'Image generation is not set up on this server (AI_BASE_URL or AI_IMAGE_BASE_URL)',
  speech: 'Speech is not set up on this server (AI_BASE_URL or AI_SPEECH_BASE_URL)',
  transcribe: 'Transcription is not set up on this server (AI_BASE_URL or AI_TRANSCRIBE_BASE_URL)',
};

export function createAiProvider(config: AiConfig): AiProvider {
  const gate: Gate = createGate(config.maxConcurrent);
  let sdk: Promise<OpenAIModule> | undefined;
  const clients = new Map<AiCapability, OpenAI>();

  async function clientFor(capability: AiCapability): Promise<[OpenAI, OpenAIModule]> {
    const mod = await (sdk ??= import('openai'));
    let client = clients.get(capability);
    if (!client) {
      const p = config.providers[capability];
      if (!p) throw new ApiError('AI_NOT_CONFIGURED', NOT_CONFIGURED[capability]);
      client = new mod.OpenAI({
        baseURL: p.baseUrl,
        // Local services (Ollama, LM Studio) need none, but the client insists on a value.
        apiKey: p.apiKey ?? 'unused',
        // One try: the member is waiting, and a provider's 429 is theirs to see.
        maxRetries: 0,
        timeout: config.timeoutMs,
      });
      clients.set(capability, client);
    }
    return [client, mod];
  }

  return {
    config,
    assertConfigured(capability) {
      if (!config.providers[capability])
        throw new ApiError('AI_NOT_CONFIGURED', NOT_CONFIGURED[capability]);
    },
    async lease(capability, askedModel, clientGone, log) {
      const provider = config.providers[capability];
      if (!provider) throw new ApiError('AI_NOT_CONFIGURED', NOT_CONFIGURED[capability]);
      const [client, mod] = await clientFor(capability);
      const release = await gate.acquire(clientGone);
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, config.timeoutMs);
      const onGone = () => controller.abort();
      clientGone.addEventListener('abort', onGone, { once: true });
      if (clientGone.aborted) controller.abort();
      let released = false;
      return {
        client,
        model: providerModel(config, provider, askedModel),
        signal: controller.signal,
        failure: (err) => providerFailure(mod, err, timedOut, capability, log),
        release() {
          if (released) return;
          released = true;
          clearTimeout(timer);
          clientGone.removeEventListener('abort', onGone);
          release();
        },
      };
    },
  };
}

function providerFailure(
  mod: OpenAIModule,
  err: unknown,
  timedOut: boolean,
  capability: AiCapability,
  log: Pick<Logger, 'warn'>,
): ApiError {
  if (err instanceof ApiError) return err;
  if (timedOut || err instanceof mod.APIConnectionTimeoutError) {
    log.warn({ capability }, 'AI provider timed out');
    return new ApiError('AI_PROVIDER_TIMEOUT');
  }
  if (err instanceof mod.APIUserAbortError)
    return new ApiError('SERVICE_UNAVAILABLE', 'The request was canceled');
  if (err instanceof mod.APIError && typeof err.status === 'number') {
    log.warn({ capability, providerStatus: err.status }, 'AI provider answered an error');
    if (err.status === 429) {
      const after = Number(err.headers?.get('retry-after'));
      return new ApiError(
        'RATE_LIMITED',
        'The AI service is busy. Please wait a moment and try again.',
        {
          headers: {
            'Retry-After': String(Number.isFinite(after) && after > 0 ? Math.ceil(after) : 30),
          },
        },
      );
    }
    // The provider refused what was asked (too long for the model, refused content): the
    // member can change the request. Credentials, unknown models and outages are the troop's.
    if (err.status === 400 || err.status === 422)
      return new ApiError('VALIDATION_ERROR', 'The AI service refused this request');
    return new ApiError('AI_PROVIDER_ERROR');
  }
  log.warn(
    { capability, failure: err instanceof Error ? err.name : typeof err },
    'AI provider unreachable',
  );
  return new ApiError('AI_PROVIDER_ERROR');
}
