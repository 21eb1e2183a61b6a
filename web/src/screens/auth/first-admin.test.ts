import { describe, expect, it } from 'vitest';
import { emptyFirstAdmin, validateFirstAdmin } from './first-admin.ts';

const good = {
  name: 'Pat Council',
  email: 'pat@troop214.example',
  password: 'council-fire-2026',
  confirmPassword: 'council-fire-2026',
};

describe('the first admin form', () => {
  it('checks the sign-up rules in their order, then the name', () => {
    expect(validateFirstAdmin(emptyFirstAdmin)).toBe('Please enter a valid email address');
    expect(validateFirstAdmin({ ...good, confirmPassword: 'other-password' })).toBe(
      'Passwords do not match',
    );
    expect(validateFirstAdmin({ ...good, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(validateFirstAdmin({ ...good, name: '  ' })).toBe('Please enter your name');
    expect(validateFirstAdmin(good)).toBeNull();
  });
});
