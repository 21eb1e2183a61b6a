/**
 * One-time links sent by email (magic sign-in, password reset, email verification). The token is
 * 32 random bytes; only its SHA-256 hash is stored (auth_links, migration 002), so a copy of the
 * database cannot be used to sign in. A link is spent by one atomic UPDATE, so two requests
 * racing with the same token cannot both succeed.
 */
import crypto from 'node:crypto';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  MAGIC_LINK_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
} from '@scout/protocol/limits';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { isoInstant } from '../store/sql-values.ts';

export type LinkPurpose = 'reset' | 'magic' | 'verify';

export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  reset: PASSWORD_RESET_TTL_SECONDS,
  magic: MAGIC_LINK_TTL_SECONDS,
  verify: EMAIL_VERIFICATION_TTL_SECONDS,
};

/** Links that sign someone in or set a password: only the newest one of a user works. */
const SUPERSEDED_BY_NEWER: ReadonlySet<LinkPurpose> = new Set(['reset', 'magic']);

/** Spent and expired rows are kept this long so a late click still hears "expired", not "unknown". */
const KEEP_OLD_LINKS_MS = 7 * 24 * 3600 * 1000;

/** Longer than any token we issue; anything bigger is not worth a database look-up. */
const TOKEN_MAX_LENGTH = 128;

const REDIRECT_MAX_LENGTH = 2048;

type LinkDeps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

interface LinkRow {
  user_id: string;
  expires_at: string;
  used_at: string | null;
  redirect_url: string | null;
}

export interface IssuedLink {
  token: string;
  /** ISO-8601. */
  expiresAt: string;
  /** The address mailed to the user: the app (or an allowed redirect) with the token in the query. */
  url: string;
}

/**
 * A client's redirectUrl, accepted only on the app's own origin or an origin the operator
 * allowed (CORS_ORIGINS, ALLOWED_PARENT_ORIGINS, ALLOWED_REDIRECT_ORIGINS): anything else would
 * turn our mail into an open redirect that carries a live token to a stranger. A refused one is
 * ignored, not an error.
 */
export function acceptedRedirect(
  config: Pick<
    AppDeps['config'],
    'publicUrl' | 'corsOrigins' | 'allowedParentOrigins' | 'allowedRedirectOrigins'
  >,
  raw: unknown,
): string | undefined {
  return urlOnOrigins(raw, config.publicUrl, [
    ...config.corsOrigins,
    ...config.allowedParentOrigins,
    ...config.allowedRedirectOrigins,
  ]);
}

/**
 * `raw` as an absolute http(s) URL (read relative to `publicUrl`) when its origin is
 * `publicUrl`'s or one of `origins`, without credentials and of a sane length; else undefined.
 */
export function urlOnOrigins(
  raw: unknown,
  publicUrl: string,
  origins: readonly string[],
): string | undefined {
  if (typeof raw !== 'string' || raw === '' || raw.length > REDIRECT_MAX_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw, publicUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const allowed = new Set([new URL(publicUrl).origin, ...origins]);
  return allowed.has(url.origin) ? url.toString() : undefined;
}

/**
 * The link a user opens. Parameter names are fixed by docs/protocol.md (`magic_token`, `token` and
 * `projectId`); `type` tells the app which form to show. Never an access or refresh token.
 * `projectId` names the troop the link was asked for (the request's), so the app opens there.
 */
export function linkUrl(
  config: Pick<AppDeps['config'], 'publicUrl' | 'projectId'>,
  purpose: LinkPurpose,
  token: string,
  redirectUrl?: string,
  projectId: string = config.projectId,
): string {
  const url = new URL(redirectUrl ?? `${config.publicUrl}/`);
  if (purpose === 'magic') {
    url.searchParams.set('magic_token', token);
  } else {
    url.searchParams.set('token', token);
    url.searchParams.set('type', purpose);
  }
  url.searchParams.set('projectId', projectId);
  return url.toString();
}

export async function createLink(
  deps: LinkDeps,
  input: { userId: string; purpose: LinkPurpose; redirectUrl?: string; projectId?: string },
): Promise<IssuedLink> {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = isoInstant(now + LINK_TTL_SECONDS[input.purpose] * 1000);
  await deps.store.transaction(async (tx) => {
    await tx.query('DELETE FROM auth_links WHERE expires_at < ?', [
      isoInstant(now - KEEP_OLD_LINKS_MS),
    ]);
    if (SUPERSEDED_BY_NEWER.has(input.purpose)) {
      await spendLinks(tx, now, input.userId, [input.purpose]);
    }
    await tx.query(
      `INSERT INTO auth_links (id, user_id, purpose, token_hash, redirect_url, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        crypto.randomUUID(),
        input.userId,
        input.purpose,
        hashToken(token),
        input.redirectUrl ?? null,
        isoInstant(now),
        expiresAt,
      ],
    );
  });
  return {
    token,
    expiresAt,
    url: linkUrl(deps.config, input.purpose, token, input.redirectUrl, input.projectId),
  };
}

/** Marks a user's unused links of these kinds as spent (after a password reset or change). */
export async function spendLinks(
  db: Queryable,
  nowMs: number,
  userId: string,
  purposes: LinkPurpose[],
): Promise<void> {
  for (const purpose of purposes) {
    await db.query(
      'UPDATE auth_links SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL',
      [isoInstant(nowMs), userId, purpose],
    );
  }
}

function presentedHash(token: unknown): string {
  if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_MAX_LENGTH) {
    throw new ApiError('VERIFICATION_FAILED');
  }
  return hashToken(token);
}

/** An expired sign-in link has its own code (MAGIC_LINK_EXPIRED); other links say it in words. */
function expired(purpose: LinkPurpose): ApiError {
  return purpose === 'magic'
    ? new ApiError('MAGIC_LINK_EXPIRED')
    : new ApiError('VERIFICATION_FAILED', 'This link has expired. Please request a new one.');
}

function refusal(
  row: LinkRow | undefined,
  purpose: LinkPurpose,
  nowMs: number,
): ApiError | undefined {
  if (!row || row.used_at) return new ApiError('VERIFICATION_FAILED');
  if (Date.parse(row.expires_at) <= nowMs) return expired(purpose);
  return undefined;
}

async function findLink(
  db: Queryable,
  hash: string,
  purpose: LinkPurpose,
): Promise<LinkRow | undefined> {
  const { rows } = await db.query<LinkRow>(
    'SELECT user_id, expires_at, used_at, redirect_url FROM auth_links WHERE token_hash = ? AND purpose = ?',
    [hash, purpose],
  );
  return rows[0];
}

/**
 * Checks a token without spending it, so work that may still fail (a weak new password) does not
 * burn the link. Throws as `consumeLink` would.
 */
export async function checkLink(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  token: unknown,
  purpose: LinkPurpose,
): Promise<string> {
  const row = await findLink(deps.store, presentedHash(token), purpose);
  const refused = refusal(row, purpose, deps.clock.now());
  if (refused || !row) throw refused ?? new ApiError('VERIFICATION_FAILED');
  return row.user_id;
}

/**
 * Spends a link and returns its user. Unknown and already used tokens are VERIFICATION_FAILED;
 * an expired magic link is MAGIC_LINK_EXPIRED.
 */
export async function consumeLink(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  token: unknown,
  purpose: LinkPurpose,
  db: Queryable = deps.store,
): Promise<{ userId: string; redirectUrl: string | null }> {
  const hash = presentedHash(token);
  const now = deps.clock.now();
  const { rows } = await db.query<{ user_id: string; redirect_url: string | null }>(
    `UPDATE auth_links SET used_at = ?
     WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
     RETURNING user_id, redirect_url`,
    [isoInstant(now), hash, purpose, isoInstant(now)],
  );
  const spent = rows[0];
  if (spent) return { userId: spent.user_id, redirectUrl: spent.redirect_url };
  throw (
    refusal(await findLink(db, hash, purpose), purpose, now) ?? new ApiError('VERIFICATION_FAILED')
  );
}
