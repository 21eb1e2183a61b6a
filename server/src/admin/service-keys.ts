/**
 * Service keys: bearer credentials for operators and scripts, acting as an admin. A key is
 * `sk_<id>_<secret>`; it is shown once when issued and only its SHA-256 hash is stored, so a
 * leaked database does not leak usable keys. The secret has 256 random bits, so a fast hash is
 * enough (no password stretching needed).
 *
 * A key belongs to one troop and acts there only (docs/decisions/065-troops.md); called with
 * another troop's project id it is answered as a stranger is. A platform key (no troop) acts in
 * every troop; only the admin CLI makes one, on purpose (`issue-key --platform`).
 */
import crypto from 'node:crypto';
import type { ServiceKeyGrant, ServiceKeyVerifier } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { hashToken, newToken, sameSecret } from '../security/tokens.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

export const SERVICE_KEY_NAME_MAX_LENGTH = 100;

const KEY_PATTERN = /^sk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ServiceKeyInfo {
  id: string;
  name: string;
  /** The troop the key acts in; null for a platform key. */
  troopId: string | null;
  createdAt: string;
  revokedAt: string | null;
}

interface ServiceKeyRow {
  id: string;
  name: string;
  troop_id: string | null;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export const hashServiceKey = hashToken;

/**
 * Issues a key of `troopId` (null: a platform key, acting in every troop); by default the first
 * troop's, as a one-troop server's keys always were. The troop must exist; the caller resolves it.
 */
export async function issueServiceKey(
  store: Store,
  name: string,
  now: number,
  troopId: string | null = FIRST_TROOP_ID,
): Promise<{ id: string; key: string }> {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new ApiError('VALIDATION_ERROR', 'A service key needs a name');
  if (trimmed.length > SERVICE_KEY_NAME_MAX_LENGTH) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `A service key name has at most ${SERVICE_KEY_NAME_MAX_LENGTH} characters`,
    );
  }
  const id = crypto.randomBytes(8).toString('hex');
  const key = `sk_${id}_${newToken()}`;
  await store.query(
    'INSERT INTO service_keys (id, name, key_hash, created_at, revoked_at, troop_id) VALUES (?, ?, ?, ?, NULL, ?)',
    [id, trimmed, hashServiceKey(key), isoInstant(now), troopId],
  );
  return { id, key };
}

/** Revokes a key; revoking one already revoked keeps its first revocation time. */
export async function revokeServiceKey(
  store: Store,
  id: string,
  now: number,
): Promise<ServiceKeyInfo> {
  await store.query('UPDATE service_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
    isoInstant(now),
    id,
  ]);
  const { rows } = await store.query<ServiceKeyRow>('SELECT * FROM service_keys WHERE id = ?', [
    id,
  ]);
  const row = rows[0];
  if (!row) throw new ApiError('NOT_FOUND', `No service key with id ${id}`);
  return toInfo(row);
}

export async function listServiceKeys(store: Store): Promise<ServiceKeyInfo[]> {
  const { rows } = await store.query<ServiceKeyRow>(
    'SELECT * FROM service_keys ORDER BY created_at, id',
  );
  return rows.map(toInfo);
}

const toInfo = (r: ServiceKeyRow): ServiceKeyInfo => ({
  id: r.id,
  name: r.name,
  troopId: r.troop_id,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** Looks a key up by its id, then compares hashes in constant time. */
export function serviceKeyVerifier(store: Store): ServiceKeyVerifier {
  return {
    async verify(token: string): Promise<ServiceKeyGrant | null> {
      const m = KEY_PATTERN.exec(token);
      if (!m) return null;
      const id = m[1] as string;
      const { rows } = await store.query<Pick<ServiceKeyRow, 'key_hash' | 'troop_id'>>(
        'SELECT key_hash, troop_id FROM service_keys WHERE id = ? AND revoked_at IS NULL',
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      return sameSecret(hashServiceKey(token), row.key_hash) ? { id, troopId: row.troop_id } : null;
    },
  };
}
