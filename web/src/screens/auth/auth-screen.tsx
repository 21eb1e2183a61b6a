import { useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import type { OpenedLinkFailure } from '../../lib/link-failure.ts';
import { sendNewVerification } from '../../lib/send-verification.ts';
import { Button } from '../../ui/button.tsx';
import { CalendarIcon, UserIcon, UsersIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { FirstAdminForm } from './first-admin-form.tsx';
import {
  linkNotice,
  verifyOnSignInNotice,
  type AuthNotice,
  type LinkOffer,
} from './link-notice.ts';
import { useInvitation } from './use-invitation.ts';
import { familyHeading, familyTokenInTab, useFamilyLanding } from './use-family-landing.ts';
import { API_ERROR_MESSAGES } from '@scout/protocol/errors';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs.tsx';
import { EmailLinkForm } from './email-link-form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { ProviderButtons } from './provider-buttons.tsx';
import { SetNewPasswordForm } from './set-new-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { TopoPattern } from './topo-pattern.tsx';
import { useSignIn } from './use-sign-in.ts';
import { useSignUp } from './use-sign-up.ts';
import { ScreenHeading } from '../../ui/screen-heading.tsx';

type Mode = 'login' | 'signup';
/** The Sign In tab shows the password form, or one of the two email-only forms. */
type SignInView = 'password' | 'forgot' | 'magic';

const HEADINGS: Record<
  SignInView | 'signup' | 'reset' | 'setup',
  { title: string; intro: string }
> = {
  password: { title: 'Welcome back', intro: 'Sign in to see your troop dashboard.' },
  forgot: {
    title: 'Forgot your password?',
    intro: 'Enter your email address and we will send you a link to set a new one.',
  },
  magic: {
    title: 'Sign in with an email link',
    intro: 'Enter your email address and we will send you a link that signs you in.',
  },
  signup: {
    title: 'Create your account',
    intro: 'Join your troop in a minute. All fields are required.',
  },
  reset: { title: 'Set a new password', intro: 'Choose a new password for your account.' },
  setup: {
    title: 'Create the first admin',
    intro:
      'This troop has no admin yet. The account you create here manages members, roles and every troop event.',
  },
};

const highlights = [
  { icon: CalendarIcon, text: 'One shared calendar for every meeting, campout and service day.' },
  { icon: UsersIcon, text: 'Parents, leaders and scouts on the same page.' },
  { icon: UserIcon, text: 'A profile with your troop and your role.' },
];

interface AuthScreenProps {
  onAuthenticated: () => void;
  /** The token of an opened reset link: only the new-password form shows. */
  resetToken?: string | null;
  /** The new-password form was used or left. */
  onResetClosed?: () => void;
  /** Why an emailed link opened signed out (sign-in or verification) did not work. */
  linkError?: OpenedLinkFailure | null;
  /** Opened from the server's first-admin setup link: its form instead of sign-in. */
  setupToken?: string | null;
  onSetupClosed?: () => void;
  /** Opened from an invitation link: sign-up first, with the invitation. */
  inviteToken?: string | null;
}

export function AuthScreen({
  onAuthenticated,
  resetToken = null,
  onResetClosed,
  linkError = null,
  setupToken = null,
  onSetupClosed,
  inviteToken = null,
}: AuthScreenProps) {
  const [mode, setMode] = useState<Mode>(inviteToken ? 'signup' : 'login');
  const invitation = useInvitation(inviteToken);
  const [signInView, setSignInView] = useState<SignInView>('password');
  const [emailHint, setEmailHint] = useState('');
  const [notice, setNotice] = useState<AuthNotice | null>(linkError ? linkNotice(linkError) : null);
  // A household link (`/?family=`) invites to the troop too: the page says who invited them.
  const [familyToken] = useState(familyTokenInTab);
  const family = useFamilyLanding(familyToken);
  const [toldFamily, setToldFamily] = useState(family);
  if (family !== toldFamily) {
    setToldFamily(family);
    if (family?.usable) setMode('signup');
    if (family?.used)
      setNotice({ tone: 'success', text: API_ERROR_MESSAGES.HOUSEHOLD_INVITATION_USED });
  }
  // A verification link is followed with this screen showing: its outcome may come after.
  const [toldLinkError, setToldLinkError] = useState(linkError);
  if (linkError !== toldLinkError) {
    setToldLinkError(linkError);
    if (linkError) setNotice(linkNotice(linkError));
  }
  // Signed in from here after asking for a new verification email: it goes out now.
  const signedIn = () => {
    if (notice?.verifyOnSignIn) void sendNewVerification();
    onAuthenticated();
  };
  const signIn = useSignIn(signedIn);
  const signUp = useSignUp(onAuthenticated, inviteToken, family?.usable ? familyToken : null);
  const locked = signIn.busy || signUp.busy || signUp.done;
  const heading =
    family?.usable && mode === 'signup' && setupToken === null && resetToken === null
      ? familyHeading(family)
      : HEADINGS[
          setupToken !== null
            ? 'setup'
            : resetToken !== null
              ? 'reset'
              : mode === 'signup'
                ? 'signup'
                : signInView
        ];

  const switchMode = (next: string) => {
    setMode(next === 'signup' ? 'signup' : 'login');
    setSignInView('password');
    setNotice(null);
    signIn.reset();
    signUp.reset();
  };

  const openSignInView = (view: SignInView, email = '') => {
    setEmailHint(email.trim());
    setSignInView(view);
    setNotice(null);
    signIn.reset();
  };

  const offer = notice?.offer ?? null;
  const takeOffer = (kind: LinkOffer, button: HTMLElement) => {
    if (kind === 'sign-in-link') return openSignInView('magic');
    // The button goes; focus goes on to the form that sends the mail.
    button.closest('[role="tabpanel"]')?.querySelector<HTMLElement>('[name="email"]')?.focus();
    setNotice(verifyOnSignInNotice);
  };

  const resetDone = (user: WireUser | null) => {
    onResetClosed?.();
    if (user) {
      onAuthenticated();
      return;
    }
    // A server that does not sign in with the reset: the new password is typed once more.
    switchMode('login');
    setNotice({ tone: 'success', text: EMAIL_LINK_MESSAGES.passwordUpdated });
  };

  return (
    <main className="grid min-h-dvh lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      <section className="relative isolate overflow-hidden bg-scout-800 px-6 pt-10 pb-24 text-white sm:px-10 lg:flex lg:flex-col lg:justify-center lg:px-16 lg:py-16">
        <TopoPattern className="absolute inset-0 -z-10 size-full text-scout-600/40" />
        <div className="mx-auto max-w-md lg:mx-0">
          <Logo className="size-14 rounded-2xl shadow-lg ring-1 ring-white/20" />
          <ScreenHeading className="mt-6 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {PRODUCT_NAME}
          </ScreenHeading>
          <p className="mt-3 text-base text-scout-100 sm:text-lg">
            Plan, connect and lead your troop from one place.
          </p>
          <ul className="mt-10 hidden space-y-5 lg:block">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3.5 text-scout-50">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 text-trail-300">
                  <Icon className="size-5" />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="relative z-10 -mt-16 flex items-start justify-center px-4 pb-10 lg:mt-0 lg:items-center lg:bg-stone-50 lg:px-10 lg:py-16">
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-xl shadow-scout-950/5 sm:p-8">
          <h2 className="text-xl font-bold text-stone-900">{heading.title}</h2>
          <p className="mt-1 text-sm text-stone-600">{heading.intro}</p>
          {setupToken !== null ? (
            <div className="mt-6">
              <FirstAdminForm
                token={setupToken}
                onDone={onAuthenticated}
                onClose={() => onSetupClosed?.()}
              />
            </div>
          ) : resetToken !== null ? (
            <div className="mt-6">
              <SetNewPasswordForm
                token={resetToken}
                onDone={resetDone}
                onBack={() => onResetClosed?.()}
                onRequestNewLink={() => {
                  onResetClosed?.();
                  openSignInView('forgot');
                }}
              />
            </div>
          ) : (
            <TabsRoot value={mode} onValueChange={switchMode} className="mt-6">
              <TabsList aria-label="Sign in or create an account">
                <TabsTrigger value="login" disabled={locked}>
                  Sign In
                </TabsTrigger>
                <TabsTrigger value="signup" disabled={locked}>
                  Sign Up
                </TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="mt-6 space-y-4">
                {signInView === 'password' ? (
                  <>
                    {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
                    {offer ? (
                      <Button
                        variant="secondary"
                        className="w-full"
                        onClick={(e) => takeOffer(offer.kind, e.currentTarget)}
                      >
                        {offer.label}
                      </Button>
                    ) : null}
                    <SignInForm
                      busy={signIn.busy}
                      error={signIn.error}
                      onSubmit={signIn.signIn}
                      onForgotPassword={(email) => openSignInView('forgot', email)}
                      onEmailLink={(email) => openSignInView('magic', email)}
                    />
                    <ProviderButtons
                      onSignedIn={signedIn}
                      disabled={locked}
                      invitation={inviteToken}
                      family={family?.usable ? familyToken : null}
                    />
                  </>
                ) : (
                  <EmailLinkForm
                    key={signInView}
                    kind={signInView === 'forgot' ? 'reset' : 'magic'}
                    initialEmail={emailHint}
                    onBack={() => openSignInView('password')}
                  />
                )}
              </TabsContent>
              <TabsContent value="signup" className="mt-6">
                {invitation.notice && !family?.usable ? (
                  <div className="mb-4">
                    <FormMessage tone={invitation.notice.tone}>
                      {invitation.notice.text}
                    </FormMessage>
                  </div>
                ) : null}
                <SignUpForm
                  key={invitation.email ?? ''}
                  invitedEmail={invitation.email}
                  busy={signUp.busy}
                  done={signUp.done}
                  error={signUp.error}
                  success={signUp.success}
                  onSubmit={signUp.signUp}
                  onEdit={signUp.revise}
                  onBack={() => switchMode('login')}
                />
                {/* Invited: joining with a provider instead of a password works too. */}
                {((inviteToken !== null && invitation.notice?.tone === 'success') ||
                  family?.usable) &&
                !signUp.done ? (
                  <div className="mt-4">
                    <ProviderButtons
                      onSignedIn={onAuthenticated}
                      disabled={locked}
                      invitation={inviteToken}
                      family={family?.usable ? familyToken : null}
                    />
                  </div>
                ) : null}
              </TabsContent>
            </TabsRoot>
          )}
        </div>
      </section>
    </main>
  );
}
