import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { providerModel } from './ai-config.ts';

describe('AI gateway configuration', () => {
  it('is off by default: no capability has a provider, budgets have defaults', () => {
    const { ai } = loadConfig({});
    expect(ai.providers).toEqual({});
    expect(ai.objectStream).toBe('lines');
    expect(ai.dailyTokens).toBe(200_000);
    expect(ai.requestsPerMinute).toBe(20);
    expect(ai.maxConcurrent).toBe(4);
    expect(ai.timeoutMs).toBe(120_000);
  });

  it('points every capability at AI_BASE_URL with AI_API_KEY and default models', () => {
    const { ai } = loadConfig({ AI_BASE_URL: 'https://api.openai.com/v1/', AI_API_KEY: 'sk-1' });
    expect(ai.providers).toEqual({
      text: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'gpt-4o-mini' },
      image: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'gpt-image-1' },
      speech: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'tts-1' },
      transcribe: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'whisper-1' },
    });
  });

  it('lets one capability use its own service, key and model, and the others stay off', () => {
    const { ai } = loadConfig({
      AI_TEXT_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_TEXT_MODEL: 'llama3.2:3b',
      AI_TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9000/v1',
      AI_TRANSCRIBE_API_KEY: 'local',
    });
    expect(ai.providers.text).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.2:3b',
    });
    expect(ai.providers.transcribe?.apiKey).toBe('local');
    expect(ai.providers.image).toBeUndefined();
    expect(ai.providers.speech).toBeUndefined();
  });

  it('maps names clients send to the provider’s, and falls back to the default model', () => {
    const { ai } = loadConfig({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_TEXT_MODEL: 'llama3.2',
      AI_MODEL_MAP: 'gpt-4o=qwen2.5:14b, gpt-4o-mini=llama3.2:1b',
      AI_OBJECT_STREAM: 'text',
    });
    const text = ai.providers.text!;
    expect(providerModel(ai, text, 'gpt-4o')).toBe('qwen2.5:14b');
    expect(providerModel(ai, text, 'gpt-4o-mini')).toBe('llama3.2:1b');
    expect(providerModel(ai, text, 'claude-opus')).toBe('llama3.2');
    expect(providerModel(ai, text, '__proto__')).toBe('llama3.2');
    expect(providerModel(ai, text, undefined)).toBe('llama3.2');
    expect(ai.objectStream).toBe('text');
  });
});
