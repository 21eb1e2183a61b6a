/**
 * Where a hosted sign-in sends its answer, read from the `/auth` query the way existing clients
 * write it (docs/protocol.md, Sign-in with providers and the hosted page):
 *
 *   mode=popup           the page posts to its opener; `opener_origin`, else `redirect_url`'s origin
 *   mode=redirect        back to `redirect_url` with the tokens in its query (the default)
 *   mode=mobile-session  the tokens wait for the app polling `/api/auth/mobile-session/{session_id}`
 *
 * `redirect_url` and `opener_origin` must be on PUBLIC_URL or ALLOWED_REDIRECT_ORIGINS: a
 * token is never sent anywhere else.
 */
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { urlOnOrigins } from '../links.ts';

export type SignInReturn =
  | { mode: 'popup'; openerOrigin: string; clientState: string | null }
  | { mode: 'redirect'; redirectUrl: string; clientState: string | null }
  | { mode: 'mobile-session'; sessionHash: string };

export interface HostedQuery {
  /** A provider to go to at once; absent, the hosted sign-in page (managed mode). */
  provider: string | undefined;
  back: SignInReturn;
  /** The app's own session id (mobile mode only), to open its pending session. */
  sessionId: string | undefined;
  /** The query's own words, kept to carry through the hosted page's forms and links. */
  params: Record<string, string>;
}

const MODES = new Set(['popup', 'redirect', 'mobile-session']);
const SESSION_ID_PATTERN = /^[0-9a-f]{64}$/i;
/** The client's state comes back to it as it was sent: printable, and not a novel. */
const STATE_PATTERN = /^[\x21-\x7e]{1,256}$/;

export const hashSessionId = (id: string) =>
  crypto.createHash('sha256').update(id.toLowerCase()).digest('hex');

/** A query parameter under its snake_case or camelCase name; a repeated one is refused. */
function param(query: Record<string, unknown>, snake: string, camel: string): string | undefined {
  const v = query[snake] ?? query[camel];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${snake} may be given once`);
  return v;
}

function allowed(config: Config, raw: string | undefined, name: string): string {
  const url = urlOnOrigins(raw, config.publicUrl, config.allowedRedirectOrigins);
  if (!url)
    throw badRequest(`${name} is missing or not an address this server may send a sign-in back to`);
  return url;
}

export function readHostedQuery(config: Config, query: Record<string, unknown>): HostedQuery {
  const projectId = param(query, 'project_id', 'projectId');
  if (projectId !== undefined && projectId !== config.projectId)
    throw new ApiError(404, 'PROJECT_NOT_FOUND');
  const provider = param(query, 'provider', 'provider');
  const mode = param(query, 'mode', 'mode') ?? 'redirect';
  if (!MODES.has(mode)) throw badRequest('mode must be popup, redirect or mobile-session');
  const state = param(query, 'state', 'state') ?? null;
  if (state !== null && !STATE_PATTERN.test(state)) throw badRequest('state is not valid');
  const redirect = param(query, 'redirect_url', 'redirectUrl');
  const opener = param(query, 'opener_origin', 'openerOrigin');
  const sessionId = param(query, 'session_id', 'sessionId');

  const params: Record<string, string> = { mode, project_id: config.projectId };
  if (state !== null) params.state = state;
  if (redirect !== undefined) params.redirect_url = redirect;
  if (opener !== undefined) params.opener_origin = opener;

  if (mode === 'mobile-session') {
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId))
      throw badRequest('session_id must be 64 hexadecimal characters');
    params.session_id = sessionId;
    return {
      provider,
      sessionId,
      params,
      back: { mode, sessionHash: hashSessionId(sessionId) },
    };
  }
  const redirectUrl = allowed(config, redirect, 'redirect_url');
  if (mode === 'popup') {
    const openerOrigin = new URL(
      opener === undefined ? redirectUrl : allowed(config, opener, 'opener_origin'),
    ).origin;
    return { provider, sessionId, params, back: { mode, openerOrigin, clientState: state } };
  }
  return {
    provider,
    sessionId,
    params,
    back: { mode: 'redirect', redirectUrl, clientState: state },
  };
}
