import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useReducer, useState } from 'react';
import { useLocation } from 'wouter';
import type { Navigation } from './frame/navigation.ts';
import { addressOf, pathOf } from '@scout/protocol/app-paths';
import { EMAIL_LINK_MESSAGES } from './lib/email-link-messages.ts';
import { screenWithLink } from './lib/email-link-screen.ts';
import { noteScreen } from './lib/screen-focus.ts';
import { takeUrlParam } from './lib/url-param.ts';
import { useScreenPageviews } from './lib/screen-pageviews.ts';
import { signOut, useAuth } from './lib/use-auth.ts';
import { useEmailLink } from './lib/use-email-link.ts';
import { AuthScreen } from './screens/auth/auth-screen.tsx';
import { forgetFamilyToken, pendingFamilyToken } from './lib/family-link.ts';
import { FullScreenSpinner } from './ui/spinner.tsx';
import { AppToaster } from './ui/toast.tsx';
import { initialViewState, screenFor, screenForMember, viewReducer } from './view-state.ts';

// Screens after sign-in load on demand, so the auth screen paints from a small first download;
// the loading spinner of docs/product.md section 2 covers the wait.
const DashboardScreen = lazy(() =>
  import('./screens/dashboard/dashboard-screen.tsx').then((m) => ({ default: m.DashboardScreen })),
);
const ProfileScreen = lazy(() =>
  import('./screens/profile/profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })),
);
const CalendarScreen = lazy(() =>
  import('./screens/calendar/calendar-screen.tsx').then((m) => ({ default: m.CalendarScreen })),
);
const WaitingScreen = lazy(() =>
  import('./screens/waiting/waiting-screen.tsx').then((m) => ({ default: m.WaitingScreen })),
);
const MembersScreen = lazy(() =>
  import('./screens/members/members-screen.tsx').then((m) => ({ default: m.MembersScreen })),
);
const FamilyInvitationDialog = lazy(() =>
  import('./screens/profile/family/family-invitation-dialog.tsx').then((m) => ({
    default: m.FamilyInvitationDialog,
  })),
);
const AnalyticsScreen = lazy(() =>
  import('./screens/analytics/analytics-screen.tsx').then((m) => ({ default: m.AnalyticsScreen })),
);
const TroopsScreen = lazy(() =>
  import('./screens/troops/troops-screen.tsx').then((m) => ({ default: m.TroopsScreen })),
);
const CouncilScreen = lazy(() =>
  import('./screens/troops/council-screen.tsx').then((m) => ({ default: m.CouncilScreen })),
);
const VolunteerScreen = lazy(() =>
  import('./screens/volunteer/volunteer-screen.tsx').then((m) => ({ default: m.VolunteerScreen })),
);
const NewsletterScreen = lazy(() =>
  import('./screens/newsletter/newsletter-screen.tsx').then((m) => ({
    default: m.NewsletterScreen,
  })),
);
const SocialScreen = lazy(() =>
  import('./screens/social/social-screen.tsx').then((m) => ({ default: m.SocialScreen })),
);
const NotFoundScreen = lazy(() =>
  import('./screens/not-found/not-found-screen.tsx').then((m) => ({ default: m.NotFoundScreen })),
);

export function App() {
  const { user, isLoading } = useAuth();
  const [state, dispatch] = useReducer(viewReducer, initialViewState);
  // The address names the screen (protocol/src/app-paths.ts, docs/decisions/061-screen-addresses.md).
  const [location, navigate] = useLocation();
  const address = useMemo(() => addressOf(location), [location]);
  const signedIn = user !== null;
  // Before any screen is chosen: an emailed link may sign in, or ask for a new password.
  const link = useEmailLink(() => dispatch({ type: 'signed-in' }));
  const [setupToken, setSetupToken] = useState(() => takeUrlParam('setup'));
  const [inviteToken] = useState(() => takeUrlParam('invite'));
  // A household invitation waits through sign-in, then asks over whichever screen is open.
  const [familyToken, setFamilyToken] = useState(() => pendingFamilyToken());

  useEffect(() => {
    // Every screen starts at its top (lib/screen-focus.ts): the browser must not scroll it back.
    history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    if (!isLoading) dispatch({ type: 'auth-settled', signedIn });
  }, [isLoading, signedIn]);

  const nav = useMemo<Navigation>(() => {
    // Opening the screen already shown adds no history entry.
    const go = (path: string) => {
      if (path !== location) navigate(path);
    };
    return {
      open: (view, tab) => {
        if (tab) dispatch({ type: 'tab', tab });
        go(pathOf({ view }));
      },
      back: () => go(pathOf({ view: 'dashboard' })),
      highlight: (tab) => dispatch({ type: 'tab', tab }),
      logout: () =>
        void signOut().then(() => {
          dispatch({ type: 'signed-out' });
          // The next person to sign in here starts at the dashboard, not at this member's screen.
          navigate(pathOf({ view: 'dashboard' }), { replace: true });
        }),
    };
  }, [location, navigate]);

  const screen = screenForMember(
    screenWithLink(screenFor(state, signedIn, address), link, setupToken),
    user?.status,
  );
  // Before the new screen's own effects run, so its heading knows it was opened (screen-focus.ts).
  useLayoutEffect(() => noteScreen(screen), [screen]);
  useScreenPageviews(screen);

  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {screen === 'loading' ? (
        <FullScreenSpinner label={link.signingIn ? EMAIL_LINK_MESSAGES.signingIn : undefined} />
      ) : null}
      {screen === 'auth' || screen === 'reset' || screen === 'setup' ? (
        <AuthScreen
          onAuthenticated={() => {
            setSetupToken(null);
            dispatch({ type: 'signed-in' });
          }}
          setupToken={screen === 'setup' ? setupToken : null}
          inviteToken={inviteToken}
          onSetupClosed={() => setSetupToken(null)}
          resetToken={screen === 'reset' ? link.resetToken : null}
          onResetClosed={link.finishReset}
          linkError={link.linkError}
        />
      ) : null}
      {screen === 'dashboard' && user ? (
        <DashboardScreen user={user} tab={state.tab} nav={nav} />
      ) : null}
      {screen === 'profile' && user ? <ProfileScreen user={user} nav={nav} /> : null}
      {screen === 'calendar' && user ? (
        <CalendarScreen
          user={user}
          nav={nav}
          focus={address.view === 'calendar' ? (address.event ?? null) : null}
        />
      ) : null}
      {screen === 'members' && user ? <MembersScreen user={user} nav={nav} /> : null}
      {screen === 'waiting' && user && user.status && user.status !== 'active' ? (
        <WaitingScreen user={user} status={user.status} onSignOut={nav.logout} />
      ) : null}
      {screen === 'analytics' && user ? <AnalyticsScreen user={user} nav={nav} /> : null}
      {screen === 'troops' && user ? <TroopsScreen user={user} nav={nav} /> : null}
      {screen === 'council' && user ? <CouncilScreen user={user} nav={nav} /> : null}
      {screen === 'volunteer' && user ? <VolunteerScreen user={user} nav={nav} /> : null}
      {screen === 'newsletter' && user ? (
        <NewsletterScreen
          user={user}
          nav={nav}
          post={address.view === 'newsletter' ? (address.post ?? null) : null}
        />
      ) : null}
      {screen === 'social' && user ? (
        <SocialScreen
          user={user}
          nav={nav}
          post={address.view === 'social' ? (address.post ?? null) : null}
        />
      ) : null}
      {screen === 'not-found' && user ? <NotFoundScreen user={user} nav={nav} /> : null}
      {familyToken && user?.status === 'active' && screen !== 'loading' && screen !== 'waiting' ? (
        <FamilyInvitationDialog
          token={familyToken}
          user={user}
          onDone={(joined) => {
            forgetFamilyToken();
            setFamilyToken(null);
            if (joined) nav.open('profile');
          }}
        />
      ) : null}
      <AppToaster />
    </Suspense>
  );
}
