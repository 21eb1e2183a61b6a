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
import { snakeToCamel } from '@scout/protocol/case';
import { z } from 'zod';
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
  /**
   * The token of an invitation to join (SIGNUP_MODE=invite): used only if the sign-in makes a
   * new account. The hosted page carries it into its "Continue with" links.
   */
  invitation: string | undefined;
  /** The query's own words, kept to carry through the hosted page's forms and links. */
  params: Record<string, string>;
}

const MODES = ['popup', 'redirect', 'mobile-session'] as const;
const SESSION_ID_PATTERN = /^[0-9a-f]{64}$/i;
/** The client's state comes back to it as it was sent: printable, and not a novel. */
const STATE_PATTERN = /^[\x21-\x7e]{1,256}$/;
/** An invitation link's token is base64url (members/invitations.ts); anything else names none. */
const INVITATION_PATTERN = /^[\w-]{1,128}$/;

export const hashSessionId = (id: string) =>
  crypto.createHash('sha256').update(id.toLowerCase()).digest('hex');

/** A parameter given once; empty is the same as absent. */
const once = (name: string) =>
  z
    .string({ error: `${name} may be given once` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** The query's parameters under their snake_case names, each read under its camelCase one too. */
const hostedParams = z.object({
  project_id: once('project_id'),
  provider: once('provider'),
  mode: once('mode').pipe(
    z.enum(MODES, { error: 'mode must be popup, redirect or mobile-session' }).default('redirect'),
  ),
  state: once('state').refine((v) => v === undefined || STATE_PATTERN.test(v), {
    error: 'state is not valid',
  }),
  redirect_url: once('redirect_url'),
  opener_origin: once('opener_origin'),
  session_id: once('session_id'),
  invitation: once('invitation'),
});

const underSnakeNames = (raw: unknown) => {
  const query = (raw ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(hostedParams.shape).map((name) => [name, query[name] ?? query[snakeToCamel(name)]]),
  );
};

function allowed(config: Config, raw: string | undefined, name: string): string {
  const url = urlOnOrigins(raw, config.publicUrl, config.allowedRedirectOrigins);
  if (!url)
    throw badRequest(`${name} is missing or not an address this server may send a sign-in back to`);
  return url;
}

export function readHostedQuery(config: Config, query: Record<string, unknown>): HostedQuery {
  const read = hostedParams.safeParse(underSnakeNames(query));
  if (!read.success) throw badRequest(read.error.issues[0]?.message ?? 'Invalid sign-in address');
  const {
    project_id: projectId,
    provider,
    mode,
    redirect_url: redirect,
    opener_origin: opener,
    session_id: sessionId,
    invitation,
  } = read.data;
  if (projectId !== undefined && projectId !== config.projectId)
    throw new ApiError(404, 'PROJECT_NOT_FOUND');
  const state = read.data.state ?? null;
  if (invitation !== undefined && !INVITATION_PATTERN.test(invitation))
    throw new ApiError(403, 'INVITATION_INVALID');

  const params: Record<string, string> = { mode, project_id: config.projectId };
  if (state !== null) params.state = state;
  if (redirect !== undefined) params.redirect_url = redirect;
  if (opener !== undefined) params.opener_origin = opener;
  if (invitation !== undefined) params.invitation = invitation;

  if (mode === 'mobile-session') {
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId))
      throw badRequest('session_id must be 64 hexadecimal characters');
    params.session_id = sessionId;
    return {
      provider,
      sessionId,
      invitation,
      params,
      back: { mode, sessionHash: hashSessionId(sessionId) },
    };
  }
  const redirectUrl = allowed(config, redirect, 'redirect_url');
  if (mode === 'popup') {
    const openerOrigin = new URL(
      opener === undefined ? redirectUrl : allowed(config, opener, 'opener_origin'),
    ).origin;
    return {
      provider,
      sessionId,
      invitation,
      params,
      back: { mode, openerOrigin, clientState: state },
    };
  }
  return {
    provider,
    sessionId,
    invitation,
    params,
    back: { mode: 'redirect', redirectUrl, clientState: state },
  };
}
