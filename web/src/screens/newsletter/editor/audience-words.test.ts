import { describe, expect, it } from 'vitest';
import { audienceWords } from './audience-words.ts';

describe('audienceWords', () => {
  it('names the audience as the send question asks it', () => {
    expect(`Send to ${audienceWords('troop', [])} now?`).toBe('Send to the whole troop now?');
    expect(audienceWords('adults', [])).toBe('the adults');
    expect(audienceWords('leaders', [])).toBe('the leaders');
  });
  it('names the chosen patrols', () => {
    expect(audienceWords('patrols', ['Eagles'])).toBe('the patrol Eagles');
    expect(audienceWords('patrols', ['Eagles', ' Foxes ', 'Owls'])).toBe(
      'the patrols Eagles, Foxes and Owls',
    );
  });
});
