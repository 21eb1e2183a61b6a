import { describe, expect, it } from 'vitest';
import {
  screenForMember,
  initialViewState,
  screenFor,
  viewReducer,
  type ViewAction,
  type ViewState,
  viewStateFor,
} from './view-state.ts';

const run = (actions: ViewAction[], from: ViewState = initialViewState) =>
  actions.reduce(viewReducer, from);

describe('view switch', () => {
  it('shows the loading spinner until the first auth check settles', () => {
    expect(screenFor(initialViewState, false)).toBe('loading');
    expect(screenFor(initialViewState, true)).toBe('loading');
  });

  it('opens the dashboard for a restored session and auth otherwise', () => {
    expect(screenFor(run([{ type: 'auth-settled', signedIn: true }]), true)).toBe('dashboard');
    expect(screenFor(run([{ type: 'auth-settled', signedIn: false }]), false)).toBe('auth');
  });

  it('goes to the dashboard after sign-in', () => {
    const s = run([{ type: 'auth-settled', signedIn: false }, { type: 'signed-in' }]);
    expect(screenFor(s, true)).toBe('dashboard');
  });

  it('keeps the auth screen while a new account shows its welcome message', () => {
    const s = run([
      { type: 'auth-settled', signedIn: false },
      { type: 'auth-settled', signedIn: true },
    ]);
    expect(screenFor(s, true)).toBe('auth');
    expect(screenFor(viewReducer(s, { type: 'signed-in' }), true)).toBe('dashboard');
  });

  it('never shows the spinner again once settled, even if the session reloads', () => {
    const s = run([{ type: 'auth-settled', signedIn: false }]);
    expect(screenFor(s, false)).toBe('auth');
    expect(s.ready).toBe(true);
  });

  it('opens profile and calendar for a signed-in user, and Back returns to the dashboard', () => {
    const signedIn = run([{ type: 'auth-settled', signedIn: true }]);
    const profile = viewReducer(signedIn, { type: 'open', view: 'profile', signedIn: true });
    expect(screenFor(profile, true)).toBe('profile');
    const calendar = viewReducer(signedIn, { type: 'open', view: 'calendar', signedIn: true });
    expect(screenFor(calendar, true)).toBe('calendar');
    expect(screenFor(viewReducer(calendar, { type: 'back' }), true)).toBe('dashboard');
    expect(screenFor(viewReducer(profile, { type: 'back' }), true)).toBe('dashboard');
  });

  it('sends a signed-out user who asks for profile or calendar to auth', () => {
    const s = run([{ type: 'auth-settled', signedIn: true }]);
    expect(viewReducer(s, { type: 'open', view: 'profile', signedIn: false }).view).toBe('auth');
    expect(viewReducer(s, { type: 'open', view: 'calendar', signedIn: false }).view).toBe('auth');
  });

  it('shows auth after sign-out and when the session ends on its own', () => {
    const onCalendar = run([
      { type: 'auth-settled', signedIn: true },
      { type: 'open', view: 'calendar', signedIn: true },
    ]);
    expect(viewReducer(onCalendar, { type: 'signed-out' }).view).toBe('auth');
    const expired = viewReducer(onCalendar, { type: 'auth-settled', signedIn: false });
    expect(expired.view).toBe('auth');
    expect(screenFor(expired, false)).toBe('auth');
  });

  it('shows auth to a signed-out user whatever view was last chosen', () => {
    const onProfile = run([
      { type: 'auth-settled', signedIn: true },
      { type: 'open', view: 'profile', signedIn: true },
    ]);
    expect(screenFor(onProfile, false)).toBe('auth');
  });
});

describe('history and reload', () => {
  it('reopens the screen a reload left, once the session is known', () => {
    const s = viewReducer(viewStateFor('calendar'), { type: 'auth-settled', signedIn: true });
    expect(screenFor(s, true)).toBe('calendar');
    expect(s.saved).toBeNull();
  });

  it('shows auth after a reload when the session is gone, and the dashboard after sign-in', () => {
    const s = viewReducer(viewStateFor('profile'), { type: 'auth-settled', signedIn: false });
    expect(screenFor(s, false)).toBe('auth');
    expect(screenFor(viewReducer(s, { type: 'signed-in' }), true)).toBe('dashboard');
  });

  it('restores the screen of a history entry, but never past a sign-out', () => {
    const onCalendar = run([
      { type: 'auth-settled', signedIn: true },
      { type: 'open', view: 'calendar', signedIn: true },
    ]);
    expect(viewReducer(onCalendar, { type: 'restore', view: 'dashboard' }).view).toBe('dashboard');
    const out = viewReducer(onCalendar, { type: 'signed-out' });
    expect(viewReducer(out, { type: 'restore', view: 'calendar' }).view).toBe('auth');
  });

  it('keeps the dashboard highlight apart from the screen, and sets it when a tab opens it', () => {
    const s = run([
      { type: 'auth-settled', signedIn: true },
      { type: 'tab', tab: 'social' },
      { type: 'open', view: 'calendar', signedIn: true },
    ]);
    expect(s.tab).toBe('social');
    expect(
      viewReducer(s, { type: 'open', view: 'dashboard', signedIn: true, tab: 'newsletter' }),
    ).toMatchObject({ view: 'dashboard', tab: 'newsletter' });
  });
});

describe('screenForMember', () => {
  it('holds a waiting or suspended member on the waiting screen, wherever they were going', () => {
    expect(screenForMember('calendar', 'pending')).toBe('waiting');
    expect(screenForMember('dashboard', 'suspended')).toBe('waiting');
    expect(screenForMember('members', 'pending')).toBe('waiting');
  });

  it('leaves active members, older servers and the signed-out screens alone', () => {
    expect(screenForMember('calendar', 'active')).toBe('calendar');
    expect(screenForMember('dashboard', undefined)).toBe('dashboard');
    expect(screenForMember('auth', 'pending')).toBe('auth');
    expect(screenForMember('loading', 'pending')).toBe('loading');
  });
});
