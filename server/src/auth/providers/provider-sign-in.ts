/**
 * Sign-in with a provider, from `GET /auth?provider=...` to the callback:
 *
 *   start   check where the answer goes, keep an attempt (PKCE verifier, nonce, client state,
 *           the troop or household invitation if one came) for 10 minutes, give the browser the key that
 *           binds the attempt to it, and send the person to the provider;
 *   finish  spend the attempt (in the browser that started it only), exchange the code
 *           (openid-client checks everything), find or make the account, start a session and
 *           deliver it to the client.
 *
 * Every refusal reaches the client in its own mode with a catalogue code, and never a token.
 */
import { providerLabel } from '@scout/protocol/providers';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { invitationKey } from '../../members/invitations.ts';
import { AUTH_RATE_LIMITS, hitRateLimit } from '../rate-limits.ts';
import { issueSession } from '../sessions.ts';
import { AttemptRefused, consumeAttempt, newProviderState, saveAttempt } from './attempts.ts';
import { newBrowserKey, presentedBrowserHash } from './browser-key.ts';
import { deliverError, deliverTokens, type SignInAnswer } from './deliver.ts';
import { authorizationRequest, exchangeCode, type OidcClients } from './oidc-clients.ts';
import { accountForProviderSignIn } from './provider-account.ts';
import type { AuthProviderConfig } from './provider-config.ts';
import type { HostedQuery } from './sign-in-return.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config' | 'jwtSecret'>;

/** Logs why a sign-in was refused: a code and a reason, never a token, code or claim. */
export type RefusalLog = (detail: { provider: string; reason: string }) => void;

/** Where the provider sends the person back; registered with the provider by the operator. */
export const callbackUri = (config: Deps['config'], provider: string) =>
  `${config.publicUrl}/api/auth/callback/${provider}`;

export function configuredProvider(config: Deps['config'], name: string | undefined) {
  return config.authProviders.find((p) => p.name === name);
}

function unreachable(provider: AuthProviderConfig): ApiError {
  return new ApiError(
    'NETWORK_ERROR',
    `${providerLabel(provider.name)} cannot be reached right now. Please try again.`,
  );
}

/** fetch failures and time-outs are the provider being away; anything else is a refusal. */
const isNetworkFailure = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'AbortError' ||
    err.name === 'TimeoutError' ||
    (err instanceof TypeError && 'cause' in err));

export async function startProviderSignIn(
  deps: Deps,
  clients: OidcClients,
  query: HostedQuery,
  clientAddress: string,
): Promise<SignInAnswer> {
  const provider = configuredProvider(deps.config, query.provider);
  if (!provider)
    return deliverError(
      query.back,
      new ApiError('VALIDATION_ERROR', 'This sign-in provider is not offered here.'),
    );
  try {
    await hitRateLimit(
      deps,
      `auth:signin:addr:${clientAddress}`,
      AUTH_RATE_LIMITS.signInPerAddress,
    );
    const config = await clients.get(provider).catch(() => {
      throw unreachable(provider);
    });
    const state = newProviderState();
    const request = await authorizationRequest(config, provider, {
      redirectUri: callbackUri(deps.config, provider.name),
      state,
    });
    const browser = newBrowserKey(deps.config, state, provider.responseMode === 'form_post');
    await saveAttempt(
      deps,
      state,
      {
        provider: provider.name,
        back: query.back,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        invitationKey: query.invitation ? invitationKey(query.invitation) : null,
        householdToken: query.family ?? null,
      },
      browser.hash,
    );
    return { kind: 'redirect', location: request.url.href, cookies: [browser.setCookie] };
  } catch (err) {
    if (err instanceof ApiError) return deliverError(query.back, err);
    throw err;
  }
}

/** The provider's own error in the callback: the person said no, or the provider refused. */
function providerRefusal(error: string): ApiError {
  return error === 'access_denied'
    ? new ApiError('POPUP_CANCELED')
    : new ApiError('VERIFICATION_FAILED', 'The sign-in provider refused the sign-in.');
}

export async function finishProviderSignIn(
  deps: Deps,
  clients: OidcClients,
  input: {
    provider: string;
    params: Record<string, string>;
    callback: URL | Request;
    /** The browser's Cookie header, which holds its key to the attempt. */
    cookies: string | undefined;
  },
  log: RefusalLog,
): Promise<SignInAnswer> {
  let attempt;
  try {
    attempt = await consumeAttempt(
      deps,
      input.params.state,
      input.provider,
      presentedBrowserHash(input.cookies, input.params.state),
    );
  } catch (err) {
    if (!(err instanceof AttemptRefused)) throw err;
    log({ provider: input.provider, reason: err.error.code });
    return deliverError(err.back, err.error);
  }
  const provider = configuredProvider(deps.config, input.provider);
  try {
    if (!provider) throw new ApiError('VERIFICATION_FAILED');
    if (input.params.error) {
      log({ provider: provider.name, reason: `provider error ${input.params.error}` });
      throw providerRefusal(input.params.error);
    }
    const config = await clients.get(provider).catch(() => {
      throw unreachable(provider);
    });
    const claims = await exchangeCode(config, input.callback, {
      // The state already named this attempt (consumeAttempt found it by its hash).
      state: input.params.state ?? '',
      codeVerifier: attempt.codeVerifier,
      nonce: attempt.nonce,
    }).catch((err: unknown) => {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : 'unknown';
      log({ provider: provider.name, reason });
      throw isNetworkFailure(err) ? unreachable(provider) : new ApiError('VERIFICATION_FAILED');
    });
    const user = await accountForProviderSignIn(deps, provider.name, claims, {
      invitationKey: attempt.invitationKey,
      householdToken: attempt.householdToken,
    });
    if (deps.config.requireEmailVerification && !user.email_verified)
      throw new ApiError('EMAIL_NOT_VERIFIED');
    const { user: _user, ...tokens } = await issueSession(deps, user);
    return await deliverTokens(deps, attempt.back, tokens);
  } catch (err) {
    if (err instanceof ApiError) return deliverError(attempt.back, err);
    throw err;
  }
}
