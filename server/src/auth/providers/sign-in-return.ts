/**
 * Where a hosted sign-in sends its answer, read from the `/auth` query the way existing clients
 * write it (docs/protocol.md, Sign-in with providers and the hosted page):
 *
 *   mode=popup           the page posts to its opener; `opener_origin`, else `redirect_url`'s origin
 *   mode=redirect        back to `redirect_url` with the tokens in its query (the default)
 *   mode=mobile-session  back to the app's `redirect_uri` with a one-time code, which the app
 *                        exchanges with the verifier of its `code_challenge` (RFC 8252)
 *
 * `redirect_url` and `opener_origin` must be on PUBLIC_URL or ALLOWED_REDIRECT_ORIGINS: a
 * token is never sent anywhere else. An app's `redirect_uri` must be on this device (loopback)
 * or one the troop registered (app-redirects.ts).
 */
import { snakeToCamel } from '@scout/protocol/case';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ApiError } from '../../errors.ts';
import type { Troop } from '../../store/tenancy.ts';
import { urlOnOrigins } from '../links.ts';
import { appRedirect } from './app-redirects.ts';

/** The project id a sign-in's parameters name, in either spelling, before they are checked. */
export function hostedProjectId(query: Record<string, unknown>): string | undefined {
  const raw = query.project_id ?? query.projectId;
  return typeof raw === 'string' ? raw : undefined;
}

export type SignInReturn =
  | { mode: 'popup'; openerOrigin: string; clientState: string | null }
  | { mode: 'redirect'; redirectUrl: string; clientState: string | null }
  | {
      mode: 'mobile-session';
      redirectUri: string;
      /** BASE64URL(SHA-256(code_verifier)), which the app proves on the exchange. */
      codeChallenge: string;
      clientState: string | null;
    };

export interface HostedQuery {
  /** A provider to go to at once; absent, the hosted sign-in page (managed mode). */
  provider: string | undefined;
  back: SignInReturn;
  /**
   * The token of an invitation to join (SIGNUP_MODE=invite): used only if the sign-in makes a
   * new account. The hosted page carries it into its "Continue with" links.
   */
  invitation: string | undefined;
  /**
   * The token of a household invitation link (`/?family=`), in any SIGNUP_MODE: used only if the
   * sign-in makes a new account, which then joins that household. Carried like `invitation`.
   */
  family: string | undefined;
  /** The query's own words, kept to carry through the hosted page's forms and links. */
  params: Record<string, string>;
}

const MODES = ['popup', 'redirect', 'mobile-session'] as const;
/** An S256 challenge: 32 bytes of SHA-256 in base64url (RFC 7636 4.2). */
const CHALLENGE_PATTERN = /^[\w-]{43}$/;
/** The client's state comes back to it as it was sent: printable, and not a novel. */
const STATE_PATTERN = /^[\x21-\x7e]{1,256}$/;
/** An invitation link's token is base64url (members/invitations.ts); anything else names none. */
const INVITATION_PATTERN = /^[\w-]{1,128}$/;

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
  redirect_uri: once('redirect_uri'),
  code_challenge: once('code_challenge'),
  code_challenge_method: once('code_challenge_method'),
  invitation: once('invitation'),
  family: once('family'),
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
    throw new ApiError(
      'VALIDATION_ERROR',
      `${name} is missing or not an address this server may send a sign-in back to`,
    );
  return url;
}

/**
 * Reads a sign-in's parameters. `troop` is the troop its `project_id` names (the caller looks it
 * up, hostedProjectId; the first troop's when it names none or an unknown one, which is then
 * PROJECT_NOT_FOUND).
 */
export function readHostedQuery(
  config: Config,
  query: Record<string, unknown>,
  troop: Pick<Troop, 'projectId'> = { projectId: config.projectId },
): HostedQuery {
  const read = hostedParams.safeParse(underSnakeNames(query));
  if (!read.success)
    throw new ApiError(
      'VALIDATION_ERROR',
      read.error.issues[0]?.message ?? 'Invalid sign-in address',
    );
  const {
    project_id: projectId,
    provider,
    mode,
    redirect_url: redirect,
    opener_origin: opener,
    invitation,
    family,
  } = read.data;
  if (projectId !== undefined && projectId !== troop.projectId)
    throw new ApiError('PROJECT_NOT_FOUND');
  const state = read.data.state ?? null;
  if (invitation !== undefined && !INVITATION_PATTERN.test(invitation))
    throw new ApiError('INVITATION_INVALID');
  // A household link's token has the same shape (security/invitations.ts); it says its own refusal.
  if (family !== undefined && !INVITATION_PATTERN.test(family))
    throw new ApiError('HOUSEHOLD_INVITATION_INVALID');

  const params: Record<string, string> = { mode, project_id: troop.projectId };
  if (state !== null) params.state = state;
  if (redirect !== undefined) params.redirect_url = redirect;
  if (opener !== undefined) params.opener_origin = opener;
  if (invitation !== undefined) params.invitation = invitation;
  if (family !== undefined) params.family = family;

  if (mode === 'mobile-session') {
    const { code_challenge: codeChallenge, code_challenge_method: method } = read.data;
    const redirectUri = appRedirect(config.appRedirectUris, read.data.redirect_uri);
    if (!redirectUri)
      throw new ApiError(
        'VALIDATION_ERROR',
        'redirect_uri is missing or not an address of an app on this device or of one the troop registered',
      );
    if (method !== 'S256' || !codeChallenge || !CHALLENGE_PATTERN.test(codeChallenge))
      throw new ApiError(
        'VALIDATION_ERROR',
        'An app sign-in needs a code_challenge made with code_challenge_method S256',
      );
    Object.assign(params, {
      redirect_uri: redirectUri,
      code_challenge: codeChallenge,
      code_challenge_method: method,
    });
    return {
      provider,
      invitation,
      family,
      params,
      back: { mode, redirectUri, codeChallenge, clientState: state },
    };
  }
  const redirectUrl = allowed(config, redirect, 'redirect_url');
  if (mode === 'popup') {
    const openerOrigin = new URL(
      opener === undefined ? redirectUrl : allowed(config, opener, 'opener_origin'),
    ).origin;
    return {
      provider,
      invitation,
      family,
      params,
      back: { mode, openerOrigin, clientState: state },
    };
  }
  return {
    provider,
    invitation,
    family,
    params,
    back: { mode: 'redirect', redirectUrl, clientState: state },
  };
}
