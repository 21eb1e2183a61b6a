import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  API_ERROR_MESSAGES,
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  ERROR_STATUS,
} from './errors.ts';

describe('the error catalogue', () => {
  it('gives every code one error status and words of its own', () => {
    const codes = [...AUTH_ERROR_CODES, ...API_ERROR_CODES];
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    for (const code of codes) expect(ERROR_STATUS[code]).toBeLessThan(600);
    for (const code of AUTH_ERROR_CODES) expect(AUTH_ERROR_MESSAGES[code]).not.toBe('');
    for (const code of API_ERROR_CODES) expect(API_ERROR_MESSAGES[code]).not.toBe('');
  });

  it('answers bad input 400 and who-is-calling 401, as clients read them', () => {
    expect(ERROR_STATUS.VALIDATION_ERROR).toBe(400);
    expect(ERROR_STATUS.VERIFICATION_FAILED).toBe(400);
    expect(ERROR_STATUS.UNAUTHORIZED).toBe(401);
    expect(ERROR_STATUS.TOKEN_EXPIRED).toBe(401);
    expect(ERROR_STATUS.UPGRADE_REQUIRED).toBe(426);
  });
});
