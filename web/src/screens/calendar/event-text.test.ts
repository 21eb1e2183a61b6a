import { describe, expect, it } from 'vitest';
import { descriptionParts, mapHref } from './event-text.ts';

describe('descriptionParts', () => {
  it('turns web addresses into links and leaves the rest as text, line breaks included', () => {
    expect(descriptionParts('Forms: https://troop.example/forms.\nBring boots')).toEqual([
      { kind: 'text', text: 'Forms: ' },
      { kind: 'link', text: 'https://troop.example/forms', href: 'https://troop.example/forms' },
      { kind: 'text', text: '.\nBring boots' },
    ]);
  });

  it('never links anything but http(s), and keeps markup as text', () => {
    expect(descriptionParts('javascript:alert(1) <b>x</b> data:text/html,hi')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>x</b> data:text/html,hi' },
    ]);
  });
});

describe('mapHref', () => {
  it('searches OpenStreetMap for the address, encoded', () => {
    expect(mapHref(' 12 Elm St, Springfield & Co ')).toBe(
      'https://www.openstreetmap.org/search?query=12%20Elm%20St%2C%20Springfield%20%26%20Co',
    );
  });
});
