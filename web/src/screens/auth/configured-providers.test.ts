import { describe, expect, it } from 'vitest';
import { readConfiguredProviders } from './configured-providers.ts';

const metas = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('readConfiguredProviders', () => {
  it('reads the providers the server named, in its order', () => {
    expect(
      readConfiguredProviders(metas({ 'scout-auth-providers': 'google, council-login' })),
    ).toEqual(['google', 'council-login']);
  });

  it('offers none without the meta, or with an empty one', () => {
    expect(readConfiguredProviders(metas({}))).toEqual([]);
    expect(readConfiguredProviders(metas({ 'scout-auth-providers': ' ' }))).toEqual([]);
  });
});
