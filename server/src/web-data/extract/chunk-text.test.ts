import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.ts';

describe('chunkText', () => {
  it('keeps paragraphs together while they fit, and starts a new chunk between them', () => {
    const text = 'First paragraph here.\n\nSecond one.\n\nThird paragraph is a bit longer.';
    expect(chunkText(text, 40)).toEqual([
      'First paragraph here.\n\nSecond one.',
      'Third paragraph is a bit longer.',
    ]);
  });

  it('splits a long paragraph between sentences, then words, then inside a word', () => {
    expect(chunkText('One sentence. Another sentence! A third?', 20)).toEqual([
      'One sentence.',
      'Another sentence!',
      'A third?',
    ]);
    expect(chunkText('alpha beta gamma delta', 11)).toEqual(['alpha beta', 'gamma delta']);
    expect(chunkText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('never makes a chunk over the size, never an empty one, and loses no word', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,11}[.!?]?$/), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 12, max: 200 }),
        fc.integer({ min: 1, max: 5 }),
        (words, size, every) => {
          const text = words
            .map((w, i) => (i % every === every - 1 ? `${w}\n\n` : `${w} `))
            .join('');
          const chunks = chunkText(text, size);
          for (const c of chunks) {
            expect(c.length).toBeLessThanOrEqual(size);
            expect(c.trim()).not.toBe('');
          }
          expect(chunks.join(' ').split(/\s+/).filter(Boolean)).toEqual(words);
        },
      ),
    );
  });
});
