/**
 * Where a project's tokens live between page loads: localStorage under `blink_tokens_<projectId>`,
 * the key existing clients use, so tabs of either client share one session (docs/protocol.md, Sessions and tokens).
 */
import type { StoredTokens } from '@scout/protocol/auth';
import { tokenStorageKey } from '@scout/protocol/limits';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const toNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * Reads a token set written by this or another client. Anything unusable answers null. A missing
 * refresh_expires_in becomes 0, which the expiry rules treat as a session that is over.
 */
export function parseStoredTokens(raw: string | null): StoredTokens | null {
  if (!raw) return null;
  try {
    return storedTokensFrom(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** A token response from the server, stamped with the time it was received. */
export function tokensFromResponse(data: unknown, issuedAt: number): StoredTokens | null {
  return typeof data === 'object' && data !== null
    ? storedTokensFrom({ ...data, issued_at: issuedAt })
    : null;
}

function storedTokensFrom(value: unknown): StoredTokens | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const expiresIn = toNumber(v.expires_in);
  const issuedAt = toNumber(v.issued_at);
  if (typeof v.access_token !== 'string' || !v.access_token) return null;
  if (typeof v.refresh_token !== 'string' || !v.refresh_token) return null;
  if (expiresIn === undefined || issuedAt === undefined) return null;
  return {
    access_token: v.access_token,
    refresh_token: v.refresh_token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    refresh_expires_in: toNumber(v.refresh_expires_in) ?? 0,
    issued_at: issuedAt,
  };
}

export class TokenStore {
  readonly key: string;

  constructor(
    private readonly storage: StorageLike,
    projectId: string,
  ) {
    this.key = tokenStorageKey(projectId);
  }

  /** A malformed entry is removed so it cannot trouble the next page load either. */
  load(): StoredTokens | null {
    const raw = this.read();
    const tokens = parseStoredTokens(raw);
    if (raw !== null && !tokens) this.clear();
    return tokens;
  }

  save(tokens: StoredTokens): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(tokens));
    } catch {
      // Storage can be full or disabled (private browsing); the session then lasts for this page only.
    }
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // As in save(): a storage that refuses writes leaves nothing behind to clear.
    }
  }

  private read(): string | null {
    try {
      return this.storage.getItem(this.key);
    } catch {
      return null;
    }
  }
}
