/**
 * The hosted sign-in page (`GET /auth` without a provider, managed mode): the product's own
 * page offering email and password, a sign-in link by email, and every configured provider,
 * then back to the client. Plain forms and links, no script, so it runs under the app's CSP.
 * The flow's parameters travel in hidden fields and are checked again on every POST.
 */
import { providerLabel } from '@scout/protocol/providers';
import { escapeHtml, renderPage } from './page-shell.ts';

export interface HostedPageInput {
  /** The checked query to carry through (mode, project_id, state, redirect_url, ...). */
  params: Record<string, string>;
  providers: string[];
  /** An app's sign-in (mobile-session mode): the page says which app it signs in. */
  forApp?: boolean;
  notice?: { tone: 'error' | 'success'; text: string };
  email?: string;
  /** Set when the page was opened from a mailed sign-in link. */
  magicToken?: string;
}

const APP_SIGN_IN =
  'You are signing in to the app on this device that opened this page. It receives the sign-in once you finish here.';

const hidden = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');

function providerLinks(params: Record<string, string>, providers: string[]): string {
  if (providers.length === 0) return '';
  const links = providers.map((name) => {
    const href = `/auth?${new URLSearchParams({ ...params, provider: name }).toString()}`;
    return `<a class="button secondary" href="${escapeHtml(href)}">Continue with ${escapeHtml(providerLabel(name))}</a>`;
  });
  return `<div class="divider">or</div><div class="providers">${links.join('\n')}</div>`;
}

function notice(input: HostedPageInput): string {
  if (!input.notice) return '';
  const role = input.notice.tone === 'error' ? 'alert' : 'status';
  return `<p class="message ${input.notice.tone}" role="${role}">${escapeHtml(input.notice.text)}</p>`;
}

/** The page a mailed sign-in link opens: one button, so a mail scanner's visit spends nothing. */
function magicLinkPage(input: HostedPageInput, token: string): string {
  return renderPage({
    title: 'Finish signing in',
    body: `<h1>Finish signing in</h1>
<p>You opened a sign-in link from your email.</p>
${notice(input)}
<form method="post" action="/auth">
${hidden({ ...input.params, action: 'magic-link', magic_token: token })}
<button class="primary" type="submit">Continue</button>
</form>`,
  });
}

export function hostedSignInPage(input: HostedPageInput): string {
  if (input.magicToken) return magicLinkPage(input, input.magicToken);
  return renderPage({
    title: 'Sign in',
    body: `<h1>Welcome back</h1>
<p>${input.forApp ? APP_SIGN_IN : 'Sign in to continue to your troop.'}</p>
${notice(input)}
<form method="post" action="/auth">
${hidden(input.params)}
<label>Email address <input name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button class="primary" type="submit" name="action" value="password">Sign In</button>
<button class="secondary" type="submit" name="action" value="email-link" formnovalidate>Email me a sign-in link</button>
</form>
${providerLinks(input.params, input.providers)}`,
  });
}
