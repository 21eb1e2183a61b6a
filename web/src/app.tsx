import { lazy, Suspense, useEffect, useReducer } from 'react';
import { EMAIL_LINK_MESSAGES } from './lib/email-link-messages.ts';
import { screenWithLink } from './lib/email-link-screen.ts';
import { signOut, useAuth } from './lib/use-auth.ts';
import { useEmailLink } from './lib/use-email-link.ts';
import { AuthScreen } from './screens/auth/auth-screen.tsx';
import { FullScreenSpinner } from './ui/spinner.tsx';
import { AppToaster } from './ui/toast.tsx';
import { initialViewState, screenFor, viewReducer } from './view-state.ts';

// Screens after sign-in load on demand, so the auth screen paints from a small first download;
// the spec's loading spinner covers the wait.
const DashboardScreen = lazy(() =>
  import('./screens/dashboard/dashboard-screen.tsx').then((m) => ({ default: m.DashboardScreen })),
);
const ProfileScreen = lazy(() =>
  import('./screens/profile/profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })),
);
const CalendarScreen = lazy(() =>
  import('./screens/calendar/calendar-screen.tsx').then((m) => ({ default: m.CalendarScreen })),
);

export function App() {
  const { user, isLoading } = useAuth();
  const [state, dispatch] = useReducer(viewReducer, initialViewState);
  const signedIn = user !== null;
  // Before any screen is chosen: an emailed link may sign in, or ask for a new password.
  const link = useEmailLink(() => dispatch({ type: 'signed-in' }));

  useEffect(() => {
    if (!isLoading) dispatch({ type: 'auth-settled', signedIn });
  }, [isLoading, signedIn]);

  const logout = async () => {
    await signOut();
    dispatch({ type: 'signed-out' });
  };
  const back = () => dispatch({ type: 'back' });

  const screen = screenWithLink(screenFor(state, signedIn), link);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {screen === 'loading' ? (
        <FullScreenSpinner label={link.signingIn ? EMAIL_LINK_MESSAGES.signingIn : undefined} />
      ) : null}
      {screen === 'auth' || screen === 'reset' ? (
        <AuthScreen
          onAuthenticated={() => dispatch({ type: 'signed-in' })}
          resetToken={screen === 'reset' ? link.resetToken : null}
          onResetClosed={link.finishReset}
          linkError={link.signInError}
        />
      ) : null}
      {screen === 'dashboard' && user ? (
        <DashboardScreen
          user={user}
          onLogout={() => void logout()}
          onOpenProfile={() => dispatch({ type: 'open', view: 'profile', signedIn })}
          onOpenCalendar={() => dispatch({ type: 'open', view: 'calendar', signedIn })}
        />
      ) : null}
      {screen === 'profile' ? <ProfileScreen onBack={back} /> : null}
      {screen === 'calendar' && user ? <CalendarScreen user={user} onBack={back} /> : null}
      <AppToaster />
    </Suspense>
  );
}
