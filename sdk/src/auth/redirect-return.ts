/**
 * The page coming back from a redirect-mode sign-in (a provider, or the hosted page in managed
 * mode): `?access_token=&refresh_token=&token_type=&expires_in=&refresh_expires_in=&project_id=
 * &state=`, or `?error=CODE&error_description=&state=`. The tokens leave the address bar at
 * once; they count only when the project id is ours (else INVALID_CREDENTIALS) and the state is
 * the one this tab sent (else VERIFICATION_FAILED).
 */
import type { StoredTokens } from '@scout/protocol/auth';
import type { ScoutError } from '../errors.ts';
import { authError } from '../errors.ts';
import { AUTH_STATE_KEY, sessionStore, type ProviderWindow } from './provider-sign-in.ts';
import { readUrlTokens, stripUrlTokens } from './url-tokens.ts';

export interface RedirectReturn {
  tokens: StoredTokens | null;
  error: ScoutError | null;
}

const RETURN_PARAMS = ['project_id', 'state', 'error', 'error_description'] as const;

function cleanAddress(win: ProviderWindow, href: string): void {
  const url = new URL(stripUrlTokens(href) ?? href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  win.history?.replaceState(win.history.state ?? null, '', url.toString());
}

/**
 * Null when the address carries no sign-in answer (then url-tokens.ts may still find a plain
 * URL login); else the tokens or the error, with the address already cleaned.
 */
export function takeRedirectReturn(
  win: ProviderWindow,
  projectId: string,
  now: number,
): RedirectReturn | null {
  let url: URL;
  try {
    url = new URL(win.location.href);
  } catch {
    return null;
  }
  const store = sessionStore(win);
  const pending = store?.getItem(AUTH_STATE_KEY) ?? null;
  const params = url.searchParams;
  const state = params.get('state');
  const error = params.get('error');
  const withTokens = params.has('access_token');
  // An `error` is ours only when it answers the sign-in this tab started.
  const answersUs = withTokens || (error !== null && pending !== null && state === pending);
  if (!answersUs) return null;
  store?.removeItem(AUTH_STATE_KEY);
  cleanAddress(win, url.href);
  if (error !== null)
    return { tokens: null, error: authError(error, params.get('error_description') ?? undefined) };
  const project = params.get('project_id');
  if (project !== null && project !== projectId)
    return { tokens: null, error: authError('INVALID_CREDENTIALS') };
  if ((state !== null || pending !== null) && state !== pending)
    return { tokens: null, error: authError('VERIFICATION_FAILED') };
  return { tokens: readUrlTokens(url.href, now), error: null };
}
