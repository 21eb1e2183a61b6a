/**
 * A real OpenID Connect provider for tests (`oidc-provider`, the certified implementation), on
 * loopback with an ephemeral port. It plays Google or a council's own login: discovery, the
 * authorization endpoint with its own sign-in page, PKCE, signed ID tokens and a JWKS.
 *
 * Its sign-in page asks for an email (and, for tests, whether the provider vouches for it) and
 * a name; the account's `sub` is derived from the email, so the same person gets the same
 * subject every time. "Cancel" answers the client with `error=access_denied`.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { Adapter, AdapterPayload, Configuration, Provider } from 'oidc-provider';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestIdentityProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

interface Profile {
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/** A stable subject for an email: the same person signs in as the same account. */
export const subjectFor = (email: string) =>
  crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

/**
 * oidc-provider 9 prints one warning at import on Node 20 ("Use Node.js v22.x LTS"): its support
 * policy, not a need. Every Node API it calls exists in Node 20.20 (crypto.hash, URL.parse), and
 * the suites that use this provider prove it works here. Only that warning is held back.
 */
async function importProvider(): Promise<typeof import('oidc-provider').default> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/** Everything in memory, without the library's own quick-start adapter (which warns). */
function memoryAdapter(): new (name: string) => Adapter {
  const store = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUserCode() {
      return undefined;
    }
    async findByUid(uid: string) {
      for (const [k, v] of store) if (k.startsWith(`${this.name}:`) && v.uid === uid) return v;
      return undefined;
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of store) if (v.grantId === grantId) store.delete(k);
    }
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Troop Council Login</title></head>
<body><main><h1>Troop Council Login</h1><p>Signing in to ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="email" type="email" autocomplete="off" required></label>
<label>Full name <input name="name" type="text"></label>
<label><input name="unverified" type="checkbox" value="1"> Address not verified by the provider</label>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdentityProvider(opts: {
  clients: TestClient[];
  /** How clients prove who they are at the token endpoint (default: in the body or a header). */
  clientAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** The port to listen on; 0 (the default) for an ephemeral one. */
  port?: number;
}): Promise<TestIdentityProvider> {
  const Provider = await importProvider();
  const profiles = new Map<string, Profile>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: opts.clientAuthMethod ?? 'client_secret_post',
    })),
    ...(opts.clientAuthMethod ? { clientAuthMethods: [opts.clientAuthMethod] } : {}),
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    // Short lives, set explicitly (the library notices defaults on stdout).
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Claims go in the ID token itself, as Google's and Microsoft's do.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const profile = profiles.get(sub);
      if (!profile) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: profile.email,
          email_verified: profile.emailVerified,
          ...(profile.name ? { name: profile.name } : {}),
          ...(profile.picture ? { picture: profile.picture } : {}),
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    // A provider strict about client_secret_basic refuses a secret sent any other way (the
    // library itself takes either).
    if (
      opts.clientAuthMethod === 'client_secret_basic' &&
      req.method === 'POST' &&
      req.url?.startsWith('/token') &&
      !req.headers.authorization?.startsWith('Basic ')
    ) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: 'invalid_client', error_description: 'use client_secret_basic' }),
      );
      return;
    }
    const match = /^\/interaction\/([^/?]+)(?:\/(login|cancel))?/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(signInPage(details.uid, String(details.params.client_id)));
        return;
      }
      if (match[2] === 'cancel') {
        await provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'The person canceled the sign-in',
        });
        return;
      }
      const form = await readForm(req);
      const email = form.get('email') ?? '';
      const sub = subjectFor(email);
      profiles.set(sub, {
        email,
        emailVerified: form.get('unverified') !== '1',
        ...(form.get('name') ? { name: form.get('name') ?? '' } : {}),
        ...(form.get('picture') ? { picture: form.get('picture') ?? '' } : {}),
      });
      const grant = new provider.Grant({
        accountId: sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, {
        login: { accountId: sub },
        consent: { grantId },
      });
    })().catch((err: unknown) => {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });

  return {
    issuer,
    provider,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
