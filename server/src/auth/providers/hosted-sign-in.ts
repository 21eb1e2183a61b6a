/**
 * The hosted sign-in page's forms (`POST /auth`): email and password, a sign-in link by email,
 * and the button a mailed link opens. Each ends like a provider sign-in, delivered to the
 * client in its mode; a refusal shows the page again with the reason.
 */
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { mailLinkToAccount, type LinkMailDeps } from '../link-mail.ts';
import { verifyMagicLink } from '../magic-link.ts';
import { acceptLinkRequest } from '../recovery.ts';
import { signInWithEmail } from '../sign-in.ts';
import { appRedirectSource } from './app-redirects.ts';
import { deliverTokens, type SignInAnswer } from './deliver.ts';
import { hostedSignInPage } from './hosted-page.ts';
import type { HostedQuery } from './sign-in-return.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config' | 'jwtSecret'> & LinkMailDeps;

/** Runs work after the answer is sent (mailing a link), so the answer never says who has an account. */
export type RunInBackground = (what: string, task: () => Promise<unknown>) => void;

const EMAIL_LINK_SENT =
  'If an account uses that email address, a sign-in link is on its way. It works once, for 15 minutes.';

export function hostedPage(
  deps: Pick<AppDeps, 'config'>,
  query: HostedQuery,
  extra: {
    notice?: { tone: 'error' | 'success'; text: string };
    email?: string;
    magicToken?: string;
    status?: number;
  } = {},
): SignInAnswer {
  return {
    kind: 'page',
    status: extra.status ?? 200,
    ...formTargets(query),
    html: hostedSignInPage({
      params: query.params,
      forApp: query.back.mode === 'mobile-session',
      providers: deps.config.authProviders.map((p) => p.name),
      ...(extra.notice ? { notice: extra.notice } : {}),
      ...(extra.email ? { email: extra.email } : {}),
      ...(extra.magicToken ? { magicToken: extra.magicToken } : {}),
    }),
  };
}

/** Where the page's forms end (a form's POST redirects there), for its CSP's form-action. */
function formTargets(query: HostedQuery): { formTargets?: string[] } {
  if (query.back.mode === 'redirect')
    return { formTargets: [new URL(query.back.redirectUrl).origin] };
  if (query.back.mode === 'mobile-session')
    return { formTargets: [appRedirectSource(query.back.redirectUri)] };
  return {};
}

/** The hosted page's own address with the flow's parameters: where a mailed link leads. */
const hostedUrl = (deps: Pick<AppDeps, 'config'>, query: HostedQuery) =>
  `${deps.config.publicUrl}/auth?${new URLSearchParams(query.params).toString()}`;

export async function hostedSignIn(
  deps: Deps,
  query: HostedQuery,
  form: Record<string, string>,
  clientAddress: string,
  background: RunInBackground,
): Promise<SignInAnswer> {
  const email = typeof form.email === 'string' ? form.email.trim() : '';
  try {
    switch (form.action) {
      case 'password': {
        const { user: _user, ...tokens } = await signInWithEmail(
          deps,
          { email, password: form.password ?? '' },
          clientAddress,
        );
        return await deliverTokens(deps, query.back, tokens);
      }
      case 'email-link': {
        const request = await acceptLinkRequest(
          deps,
          'magic',
          { email, redirectUrl: hostedUrl(deps, query) },
          clientAddress,
        );
        background('magic link mail', () => mailLinkToAccount(deps, 'magic', request));
        return hostedPage(deps, query, {
          notice: { tone: 'success', text: EMAIL_LINK_SENT },
          email,
        });
      }
      case 'magic-link': {
        const { user: _user, ...tokens } = await verifyMagicLink(
          deps,
          { token: form.magic_token },
          clientAddress,
        );
        return await deliverTokens(deps, query.back, tokens);
      }
      default:
        throw new ApiError('VALIDATION_ERROR', 'Choose a way to sign in');
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return hostedPage(deps, query, {
      notice: { tone: 'error', text: err.message },
      email,
      status: err.status,
    });
  }
}
