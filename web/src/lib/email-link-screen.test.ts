import { describe, expect, it } from 'vitest';
import { screenWithLink } from './email-link-screen.ts';

const none = { resetToken: null, signingIn: false };

describe('screenWithLink', () => {
  it('leaves the screen alone when the page was opened without a link', () => {
    expect(screenWithLink('auth', none)).toBe('auth');
    expect(screenWithLink('dashboard', none)).toBe('dashboard');
    expect(screenWithLink('loading', none)).toBe('loading');
  });

  it('keeps the spinner while a sign-in link is being spent', () => {
    expect(screenWithLink('auth', { ...none, signingIn: true })).toBe('loading');
    expect(screenWithLink('dashboard', { ...none, signingIn: true })).toBe('loading');
  });

  it('shows the new-password form for a reset link once the session check is over', () => {
    const reset = { ...none, resetToken: 'abc' };
    expect(screenWithLink('loading', reset)).toBe('loading');
    expect(screenWithLink('auth', reset)).toBe('reset');
    expect(screenWithLink('dashboard', reset)).toBe('reset');
  });

  it('shows the first-admin form for a setup link, signed in or not, once the check is over', () => {
    expect(screenWithLink('loading', none, 'tok')).toBe('loading');
    expect(screenWithLink('auth', none, 'tok')).toBe('setup');
    expect(screenWithLink('dashboard', { ...none, resetToken: 'abc' }, 'tok')).toBe('setup');
  });
});
