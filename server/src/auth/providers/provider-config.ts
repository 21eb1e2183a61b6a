/**
 * Sign-in providers from the environment (docs/operations.md, Sign-in with Google and other
 * providers): `AUTH_PROVIDERS=google,council` and, per name, `AUTH_<NAME>_CLIENT_ID`,
 * `AUTH_<NAME>_CLIENT_SECRET` and `AUTH_<NAME>_ISSUER`. Only the static settings are checked
 * here, at start; the issuer's discovery document is fetched on first use
 * (oidc-clients.ts), so a server started offline still starts.
 */

export interface AuthProviderConfig {
  /** As clients name it: `google`, `microsoft`, `council-login`. */
  name: string;
  /** The OpenID Connect issuer; discovery is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Apple answers with a form POST when asked for a name and an email. */
  responseMode: 'query' | 'form_post';
}

/** Issuers of providers everyone knows; any other name needs AUTH_<NAME>_ISSUER. */
export const KNOWN_ISSUERS: Readonly<Record<string, string>> = {
  google: 'https://accounts.google.com',
  // `common` admits work, school and personal accounts; openid-client checks each ID token
  // against the issuer of the tenant that signed it.
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
  apple: 'https://appleid.apple.com',
};

const FORM_POST_PROVIDERS = new Set(['apple']);

/** `email` is the password and email-link sign-in; the other names are free. */
const RESERVED_NAMES = new Set(['email']);

export const PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

type Env = Record<string, string | undefined>;

/** The environment prefix of a provider's settings: `council-login` -> `AUTH_COUNCIL_LOGIN`. */
export const envPrefix = (name: string) => `AUTH_${name.toUpperCase().replace(/-/g, '_')}`;

function issuerOf(name: string, raw: string | undefined, allowInsecure: boolean): string {
  const variable = `${envPrefix(name)}_ISSUER`;
  const value = raw || KNOWN_ISSUERS[name];
  if (!value) throw new Error(`${variable} is required for the provider "${name}"`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} must be a URL, got "${value}"`);
  }
  if (url.protocol === 'http:' && !allowInsecure)
    throw new Error(
      `${variable} must be https (AUTH_ALLOW_INSECURE_ISSUER=1 allows http for local tests)`,
    );
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${variable} must be an https URL, got "${value}"`);
  if (url.search || url.hash || url.username)
    throw new Error(
      `${variable} must be a plain issuer URL without query, fragment or credentials`,
    );
  return value.replace(/\/+$/, '');
}

/**
 * The configured providers, in the order AUTH_PROVIDERS lists them. Throws an Error whose
 * message names the variable at fault (config.ts turns it into the one-line start error).
 */
export function parseAuthProviders(env: Env, allowInsecureIssuer: boolean): AuthProviderConfig[] {
  const names = (env.AUTH_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!PROVIDER_NAME_PATTERN.test(name) || RESERVED_NAMES.has(name))
      throw new Error(
        `AUTH_PROVIDERS: "${name}" is not a provider name (a-z, 0-9 and -, at most 32, not "email")`,
      );
    if (seen.has(name)) throw new Error(`AUTH_PROVIDERS lists "${name}" twice`);
    seen.add(name);
    const prefix = envPrefix(name);
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
    if (!clientId) throw new Error(`${prefix}_CLIENT_ID is required for the provider "${name}"`);
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
    if (!clientSecret)
      throw new Error(`${prefix}_CLIENT_SECRET is required for the provider "${name}"`);
    return {
      name,
      issuer: issuerOf(name, env[`${prefix}_ISSUER`]?.trim(), allowInsecureIssuer),
      clientId,
      clientSecret,
      responseMode: FORM_POST_PROVIDERS.has(name) ? 'form_post' : 'query',
    };
  });
}
