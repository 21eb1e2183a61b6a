/**
 * Server-side secrets for `fetch` (docs/operations.md, Web data): a `{{NAME}}` placeholder in the
 * URL, a header, the query or the body is replaced by the secret's value only when the request
 * goes to a host the secret is bound to. A member can use the troop's API key for the weather
 * service without ever seeing it, and cannot send it anywhere else. Values are cut out of every
 * answer (`redact`) so an echoing site cannot hand them back.
 */
import { ApiError } from '../errors.ts';

export interface DataSecret {
  name: string;
  value: string;
  /** Host names (`api.example.org`) or subdomain patterns (`*.example.org`). */
  hosts: string[];
}

type Env = Record<string, string | undefined>;

const NAME = /^[A-Z][A-Z0-9_]*$/;
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * `DATA_SECRET_<NAME>=value` with `DATA_SECRET_<NAME>_HOSTS=host,*.domain`. A secret without
 * hosts, or hosts without a secret, stop the start: an unbound secret would be sent nowhere
 * and a typo would go unnoticed.
 */
export function parseDataSecrets(env: Env): DataSecret[] {
  const secrets: DataSecret[] = [];
  for (const key of Object.keys(env).sort()) {
    const m = /^DATA_SECRET_(.+)$/.exec(key);
    if (!m?.[1] || !env[key]) continue;
    const hostsOf = `${key}_HOSTS`;
    if (key.endsWith('_HOSTS')) {
      if (env[key.slice(0, -'_HOSTS'.length)]) continue;
      throw new Error(`${key} names hosts for ${key.slice(0, -6)}, which is not set`);
    }
    if (!NAME.test(m[1])) throw new Error(`${key}: a secret's name is A-Z, 0-9 and _`);
    if ((env[key] ?? '').length < 8)
      throw new Error(`${key} is shorter than 8 characters: too short to be cut out of answers`);
    const hosts = (env[hostsOf] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    if (hosts.length === 0) throw new Error(`${key} needs ${hostsOf}: the hosts it may be sent to`);
    const bad = hosts.find((h) => !HOST.test(h));
    if (bad) throw new Error(`${hostsOf}: "${bad}" is not a host name or *.domain`);
    secrets.push({ name: m[1], value: env[key] ?? '', hosts });
  }
  return secrets;
}

export function secretBoundTo(secret: DataSecret, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return secret.hosts.some((p) =>
    p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p,
  );
}

/** Names of the placeholders in `text`. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/**
 * The secrets named in any of `texts`, each checked against `host`: an unknown name or a host it
 * is not bound to is a 400 naming the secret (never its value), before anything is sent.
 */
export function secretsFor(
  all: readonly DataSecret[],
  texts: string[],
  host: string,
): DataSecret[] {
  const names = new Set(texts.flatMap(placeholdersIn));
  return [...names].map((name) => {
    const secret = all.find((s) => s.name === name);
    if (!secret) throw new ApiError('DATA_SECRET_REFUSED', `No secret named ${name} is configured`);
    if (!secretBoundTo(secret, host))
      throw new ApiError('DATA_SECRET_REFUSED', `The secret ${name} may not be sent to ${host}`);
    return secret;
  });
}

export function fillSecrets(
  text: string,
  used: readonly DataSecret[],
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const secret = used.find((s) => s.name === name);
    return secret ? encode(secret.value) : whole;
  });
}

/** `text` with every configured secret's value (and its URL-encoded form) replaced. */
export function redact(text: string, all: readonly DataSecret[]): string {
  let out = text;
  for (const s of all) {
    for (const form of new Set([s.value, encodeURIComponent(s.value)]))
      out = out.split(form).join(`[secret ${s.name}]`);
  }
  return out;
}
