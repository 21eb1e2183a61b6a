import { describe, expect, it } from 'vitest';
import { safeHref } from './event-link.ts';

describe('safeHref', () => {
  it('renders only http and https links', () => {
    expect(safeHref('https://troop.example/camp')).toBe('https://troop.example/camp');
    expect(safeHref('http://troop.example')).toBe('http://troop.example/');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'jav\tascript:alert(1)',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});
