/**
 * How a finished sign-in reaches the client, in each mode existing clients use
 * (docs/protocol.md, Sign-in with providers and the hosted page):
 *
 * - popup: a small page posts `BLINK_AUTH_TOKENS` (or `BLINK_AUTH_ERROR`) to its opener, at the
 *   opener's exact origin, and closes itself;
 * - redirect: 302 back to `redirect_url` with the tokens (or `error`) in its query;
 * - mobile-session: 302 to the app's `redirect_uri` with a one-time `code` (or `error`) and the
 *   app's `state`; the app exchanges the code with its PKCE verifier (mobile-sessions.ts).
 *
 * Answers are descriptions (a page or a redirect); routes.ts sends them.
 */
import crypto from 'node:crypto';
import type { TokenResponse } from '@scout/protocol/auth';
import { decodeJwt } from 'jose';
import type { AppDeps } from '../../deps.ts';
import type { ApiError } from '../../errors.ts';
import { issueAppCode } from './mobile-sessions.ts';
import { escapeHtml, renderPage } from './page-shell.ts';
import type { SignInReturn } from './sign-in-return.ts';

export type SignInAnswer =
  | {
      kind: 'page';
      status: number;
      html: string;
      /** The page's own policy; absent, the app's (with formTargets added to form-action). */
      csp?: string;
      /** Origins the page's forms may end up at (a form's POST redirects there). */
      formTargets?: string[];
      /** Why it failed, for a client that asked for JSON rather than a page. */
      error?: ApiError;
      cookies?: string[];
    }
  | { kind: 'redirect'; location: string; cookies?: string[] };

/**
 * The popup page's one script: it reads the message from a JSON data block (which never runs)
 * and posts it. Being constant, it is allowed by its hash and nothing else may run.
 */
const POPUP_SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('blink-auth-result').textContent);" +
  'if(window.opener){window.opener.postMessage(d.message,d.targetOrigin);window.close();}' +
  "else{document.getElementById('blink-auth-no-opener').hidden=false;}})();";

export const POPUP_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(POPUP_SCRIPT).digest('base64')}'`;

const POPUP_CSP = [
  "default-src 'none'",
  `script-src ${POPUP_SCRIPT_HASH}`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON safe inside a <script> element: no `<`, so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function popupPage(
  targetOrigin: string,
  message: Record<string, unknown>,
  note: string,
): SignInAnswer {
  const html = renderPage({
    title: 'Signing in',
    body: `<h1>${escapeHtml(note)}</h1>
<p id="blink-auth-no-opener" hidden>This window lost track of the page that opened it. Close it and sign in again from the app.</p>`,
    tail: `<script type="application/json" id="blink-auth-result">${scriptJson({ targetOrigin, message })}</script>
<script>${POPUP_SCRIPT}</script>`,
  });
  return { kind: 'page', status: 200, html, csp: POPUP_CSP };
}

/** A sign-in that cannot answer its client: the person reads why, and nothing is sent anywhere. */
export function errorPage(err: ApiError): SignInAnswer {
  return {
    kind: 'page',
    status: err.status,
    error: err,
    html: renderPage({
      title: 'Sign-in failed',
      body: `<h1>Sign-in failed</h1><p class="message error" role="alert">${escapeHtml(err.message)}</p><p><code>${escapeHtml(err.code)}</code></p>`,
    }),
  };
}

function withQuery(url: string, params: Record<string, string | number | null>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, String(v));
  return u.toString();
}

/** The `pid` of an access token this server just signed; undefined if it cannot be read. */
function projectIdOf(accessToken: string): string | undefined {
  try {
    const { pid } = decodeJwt(accessToken);
    return typeof pid === 'string' ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function deliverTokens(
  deps: Pick<AppDeps, 'store' | 'clock' | 'jwtSecret' | 'config'>,
  back: SignInReturn,
  tokens: TokenResponse,
): Promise<SignInAnswer> {
  // The troop the session was signed in to (its token's `pid`, sessions.ts), as the client
  // checks the answer against the project id it asked with.
  const projectId = projectIdOf(tokens.access_token) ?? deps.config.projectId;
  const fields = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    expires_in: tokens.expires_in,
    refresh_expires_in: tokens.refresh_expires_in,
  };
  if (back.mode === 'popup')
    return popupPage(
      back.openerOrigin,
      { type: 'BLINK_AUTH_TOKENS', ...fields, projectId, state: back.clientState },
      'Signed in. This window closes by itself.',
    );
  if (back.mode === 'redirect')
    return {
      kind: 'redirect',
      location: withQuery(back.redirectUrl, {
        ...fields,
        project_id: projectId,
        state: back.clientState,
      }),
    };
  return {
    kind: 'redirect',
    location: withQuery(back.redirectUri, {
      code: await issueAppCode(deps, back, tokens),
      state: back.clientState,
    }),
  };
}

export function deliverError(back: SignInReturn | undefined, err: ApiError): SignInAnswer {
  if (back?.mode === 'popup')
    return popupPage(
      back.openerOrigin,
      { type: 'BLINK_AUTH_ERROR', code: err.code, message: err.message },
      'Sign-in failed. This window closes by itself.',
    );
  if (back?.mode === 'redirect' || back?.mode === 'mobile-session')
    return {
      kind: 'redirect',
      location: withQuery(back.mode === 'redirect' ? back.redirectUrl : back.redirectUri, {
        error: err.code,
        error_description: err.message,
        state: back.clientState,
      }),
    };
  return errorPage(err);
}
