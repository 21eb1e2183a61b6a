import { describe, expect, it } from 'vitest';
import { parseDataSecrets, redact, secretBoundTo, secretsFor } from './secrets.ts';

const key = {
  name: 'KEY',
  value: 'abc/123+xyz',
  hosts: ['api.weather.example', '*.council.example'],
};

describe('data secrets', () => {
  it('binds a secret to its hosts and to subdomains of a *.domain only', () => {
    expect(secretBoundTo(key, 'api.weather.example')).toBe(true);
    expect(secretBoundTo(key, 'API.Weather.Example.')).toBe(true);
    expect(secretBoundTo(key, 'evil-api.weather.example')).toBe(false);
    expect(secretBoundTo(key, 'api.weather.example.evil.test')).toBe(false);
    expect(secretBoundTo(key, 'maps.council.example')).toBe(true);
    expect(secretBoundTo(key, 'council.example')).toBe(false);
    expect(secretBoundTo(key, 'evilcouncil.example')).toBe(false);
  });

  it('refuses unknown names and unbound hosts, naming the secret but never its value', () => {
    expect(() => secretsFor([key], ['{{KEY}}'], 'other.example')).toThrow(/KEY may not be sent/);
    expect(() => secretsFor([key], ['{{OTHER}}'], 'api.weather.example')).toThrow(/OTHER/);
    expect(secretsFor([key], ['plain text'], 'anywhere.example')).toEqual([]);
  });

  it('cuts values out of answers, plain and URL-encoded', () => {
    expect(redact('k=abc/123+xyz and abc%2F123%2Bxyz', [key])).toBe(
      'k=[secret KEY] and [secret KEY]',
    );
  });

  it('reads DATA_SECRET_<NAME> with its _HOSTS', () => {
    expect(
      parseDataSecrets({ DATA_SECRET_A_B: '12345678', DATA_SECRET_A_B_HOSTS: 'x.example' }),
    ).toEqual([{ name: 'A_B', value: '12345678', hosts: ['x.example'] }]);
    expect(() =>
      parseDataSecrets({ DATA_SECRET_A: '12345678', DATA_SECRET_A_HOSTS: 'http://x' }),
    ).toThrow(/not a host name/);
  });
});
