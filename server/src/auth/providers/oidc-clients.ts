/**
 * One OpenID Connect client per configured provider, made with openid-client (the certified
 * relying-party library): discovery, the authorization URL with PKCE and a nonce, and the code
 * exchange with every check of the ID token (issuer, audience, expiry, nonce, signature). No
 * token is ever read or checked by hand here.
 *
 * Discovery happens on first use and is kept, so starting the server never waits for (or
 * fails on) a provider that is slow or out of reach; a failed discovery is tried again by the
 * next sign-in.
 */
import type * as oidc from 'openid-client';
import type { AuthProviderConfig } from './provider-config.ts';

/** Loaded on the first provider sign-in: a troop without providers never pays for it. */
const library = () => import('openid-client');

/** A provider's answers take at most this long; a person is waiting in a popup. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Asked of every provider: who the person is, their email and whether it is verified, name and picture. */
export const PROVIDER_SCOPE = 'openid email profile';

export interface OidcClients {
  /** The provider's client, discovering it first if needed. Rejects when it cannot be reached. */
  get(provider: AuthProviderConfig): Promise<oidc.Configuration>;
}

export function createOidcClients(): OidcClients {
  const discovered = new Map<string, Promise<oidc.Configuration>>();
  return {
    get(provider) {
      const known = discovered.get(provider.name);
      if (known) return known;
      const pending = discover(provider);
      discovered.set(provider.name, pending);
      // Not kept when it fails: the provider may be back for the next person.
      pending.catch(() => discovered.delete(provider.name));
      return pending;
    },
  };
}

async function discover(provider: AuthProviderConfig): Promise<oidc.Configuration> {
  const oidc = await library();
  const insecure = new URL(provider.issuer).protocol === 'http:';
  const settings = (config: oidc.Configuration) => {
    // Check the ID token's signature against the provider's published keys as well, not only
    // trust the TLS connection it came over.
    oidc.enableNonRepudiationChecks(config);
    // An http issuer passed config.ts only with AUTH_ALLOW_INSECURE_ISSUER=1 (local tests).
    if (insecure) oidc.allowInsecureRequests(config);
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
  };
  const secret = provider.clientSecret;
  const config = await oidc.discovery(
    new URL(provider.issuer),
    provider.clientId,
    { client_secret: secret },
    oidc.ClientSecretPost(secret),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // Named here too: openid-client allows the discovery request itself over http only then.
      execute: [settings, ...(insecure ? [oidc.allowInsecureRequests] : [])],
    },
  );
  // The secret goes in the token request's body (Apple accepts nothing else) unless the
  // provider says it takes it only in the Authorization header.
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (
    !methods ||
    methods.includes('client_secret_post') ||
    !methods.includes('client_secret_basic')
  )
    return config;
  const basic = new oidc.Configuration(
    config.serverMetadata(),
    provider.clientId,
    { client_secret: secret },
    oidc.ClientSecretBasic(secret),
  );
  settings(basic);
  return basic;
}

export interface AuthorizationRequest {
  url: URL;
  codeVerifier: string;
  nonce: string;
}

/** Where the person signs in at the provider, with a fresh PKCE verifier and nonce. */
export async function authorizationRequest(
  config: oidc.Configuration,
  provider: AuthProviderConfig,
  input: { redirectUri: string; state: string },
): Promise<AuthorizationRequest> {
  const oidc = await library();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: PROVIDER_SCOPE,
    response_type: 'code',
    state: input.state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(provider.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  });
  return { url, codeVerifier, nonce };
}

/** What the provider says about the person, once every check has passed. */
export interface ProviderClaims {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * Exchanges the code from the callback for tokens; openid-client checks the state, the PKCE
 * verifier (at the provider), and the ID token: signature, issuer, audience, expiry and nonce.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callback: URL | Request,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<ProviderClaims> {
  const oidc = await library();
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    expectedState: checks.state,
    pkceCodeVerifier: checks.codeVerifier,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new oidc.ClientError('the provider sent no ID token');
  return {
    subject: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    // Apple sends the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    picture: text(claims.picture),
  };
}
