import { useEffect, useReducer } from 'react';
import { signOut, useAuth } from './lib/use-auth.ts';
import { AuthScreen } from './screens/auth/auth-screen.tsx';
import { CalendarScreen } from './screens/calendar/calendar-screen.tsx';
import { DashboardScreen } from './screens/dashboard/dashboard-screen.tsx';
import { ProfileScreen } from './screens/profile/profile-screen.tsx';
import { FullScreenSpinner } from './ui/spinner.tsx';
import { AppToaster } from './ui/toast.tsx';
import { initialViewState, screenFor, viewReducer } from './view-state.ts';

export function App() {
  const { user, isLoading } = useAuth();
  const [state, dispatch] = useReducer(viewReducer, initialViewState);
  const signedIn = user !== null;

  useEffect(() => {
    if (!isLoading) dispatch({ type: 'auth-settled', signedIn });
  }, [isLoading, signedIn]);

  const logout = async () => {
    await signOut();
    dispatch({ type: 'signed-out' });
  };
  const back = () => dispatch({ type: 'back' });

  const screen = screenFor(state, signedIn);
  return (
    <>
      {screen === 'loading' ? <FullScreenSpinner /> : null}
      {screen === 'auth' ? (
        <AuthScreen onAuthenticated={() => dispatch({ type: 'signed-in' })} />
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
      {screen === 'calendar' ? <CalendarScreen onBack={back} /> : null}
      <AppToaster />
    </>
  );
}
