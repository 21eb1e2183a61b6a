import { describe, expect, it } from 'vitest';
import { addressOf } from '@scout/protocol/app-paths';
import {
  screenForMember,
  initialViewState,
  screenFor,
  viewReducer,
  type ViewAction,
  type ViewState,
} from './view-state.ts';

const run = (actions: ViewAction[], from: ViewState = initialViewState) =>
  actions.reduce(viewReducer, from);
const at = (path: string) => addressOf(path);
const root = at('/');

describe('view switch', () => {
  it('shows the loading spinner until the first auth check settles', () => {
    expect(screenFor(initialViewState, false, root)).toBe('loading');
    expect(screenFor(initialViewState, true, at('/calendar'))).toBe('loading');
  });

  it('opens the screen of the address for a restored session, and auth otherwise', () => {
    const signedIn = run([{ type: 'auth-settled', signedIn: true }]);
    expect(screenFor(signedIn, true, root)).toBe('dashboard');
    expect(screenFor(signedIn, true, at('/profile'))).toBe('profile');
    expect(screenFor(signedIn, true, at('/calendar/events/camp'))).toBe('calendar');
    expect(screenFor(signedIn, true, at('/no/such/page'))).toBe('not-found');
    expect(screenFor(run([{ type: 'auth-settled', signedIn: false }]), false, root)).toBe('auth');
  });

  it('shows auth at any address while signed out, and the address once signed in', () => {
    const event = at('/calendar/events/camp/2026-06-13');
    const out = run([{ type: 'auth-settled', signedIn: false }]);
    expect(screenFor(out, false, event)).toBe('auth');
    expect(screenFor(viewReducer(out, { type: 'signed-in' }), true, event)).toBe('calendar');
    expect(screenFor(viewReducer(out, { type: 'signed-in' }), true, root)).toBe('dashboard');
  });

  it('keeps the auth screen while a new account shows its welcome message', () => {
    const s = run([
      { type: 'auth-settled', signedIn: false },
      { type: 'auth-settled', signedIn: true },
    ]);
    expect(screenFor(s, true, root)).toBe('auth');
    expect(screenFor(viewReducer(s, { type: 'signed-in' }), true, root)).toBe('dashboard');
  });

  it('never shows the spinner again once settled, even if the session reloads', () => {
    const s = run([{ type: 'auth-settled', signedIn: false }]);
    expect(screenFor(s, false, root)).toBe('auth');
    expect(s.ready).toBe(true);
  });

  it('shows auth after sign-out and when the session ends on its own', () => {
    const signedIn = run([{ type: 'auth-settled', signedIn: true }]);
    const calendar = at('/calendar');
    expect(screenFor(viewReducer(signedIn, { type: 'signed-out' }), true, calendar)).toBe('auth');
    const expired = viewReducer(signedIn, { type: 'auth-settled', signedIn: false });
    expect(screenFor(expired, false, calendar)).toBe('auth');
    expect(screenFor(signedIn, false, calendar)).toBe('auth');
  });

  it('keeps the dashboard highlight apart from the screen, and resets it on signing in', () => {
    const s = run([
      { type: 'auth-settled', signedIn: true },
      { type: 'tab', tab: 'social' },
    ]);
    expect(s.tab).toBe('social');
    expect(screenFor(s, true, at('/calendar'))).toBe('calendar');
    expect(viewReducer(s, { type: 'signed-in' }).tab).toBe('home');
  });
});

describe('screenForMember', () => {
  it('holds a waiting or suspended member on the waiting screen, wherever they were going', () => {
    expect(screenForMember('calendar', 'pending')).toBe('waiting');
    expect(screenForMember('dashboard', 'suspended')).toBe('waiting');
    expect(screenForMember('members', 'pending')).toBe('waiting');
    expect(screenForMember('social', 'pending')).toBe('waiting');
  });

  it('leaves active members, older servers and the signed-out screens alone', () => {
    expect(screenForMember('calendar', 'active')).toBe('calendar');
    expect(screenForMember('dashboard', undefined)).toBe('dashboard');
    expect(screenForMember('auth', 'pending')).toBe('auth');
    expect(screenForMember('loading', 'pending')).toBe('loading');
  });
});
