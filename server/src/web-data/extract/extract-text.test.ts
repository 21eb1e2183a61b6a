import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../test/web-fixtures.ts';
import { ApiError } from '../../errors.ts';
import { extractText } from './extract-text.ts';

const file = (name: string) => fs.readFileSync(path.join(FIXTURE_DIR, name));

describe('extractText, the type read from the bytes', () => {
  it('reads a PDF’s text', async () => {
    expect(await extractText(file('packing-list.pdf'))).toBe(
      'Camp Packing List\nSleeping bag rated to 20F.\nHeadlamp with spare batteries.',
    );
  });

  it('reads a Word document’s paragraphs', async () => {
    expect(await extractText(file('permission-slip.docx'))).toBe(
      'Permission Slip\n\nTroop 12 will hike Bear Mountain on Saturday.\n\nBring lunch and two liters of water.',
    );
  });

  it('reads the article of an HTML page, without navigation or footer', async () => {
    const text = await extractText(file('council-page.html'));
    expect(text.split('\n\n').slice(0, 3)).toEqual([
      'Spring Camporee 2026',
      'The Spring Camporee takes place at Camp Wildwood from April 17 to April 19. Every troop in the council is invited to attend with its patrols.',
      'What to bring',
    ]);
    expect(text).not.toContain('Partner');
    expect(text).not.toContain('Events');
  });

  it('reads CSV rows, JSON pretty-printed and plain text as they are', async () => {
    expect(await extractText(file('roster.csv'))).toBe(
      'name,patrol,rank\nAda Lovelace,Eagles,First Class\nGrace Hopper,Wolves,Star',
    );
    expect(JSON.parse(await extractText(file('gear.json')))).toEqual({
      event: 'Spring Camporee',
      gear: ['tent', 'stove', 'first aid kit'],
      nights: 2,
    });
    expect(await extractText(file('notes.txt'))).toBe(
      'Meeting notes.\n\nThe committee agreed to buy two new tents. Dues stay the same this year.',
    );
  });

  it('believes the bytes, not the name: a PDF called notes.txt is a PDF', async () => {
    const text = await extractText(file('packing-list.pdf'), {
      name: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(text).toContain('Camp Packing List');
  });

  it.each([
    [
      'an image',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        'base64',
      ),
    ],
    ['random bytes', Buffer.from([0, 159, 146, 150, 255, 0, 1, 2])],
    ['a truncated PDF', file('packing-list.pdf').subarray(0, 120)],
    ['a ZIP that is not a Word document', file('permission-slip.docx').subarray(0, 400)],
  ])('answers 415 for %s', async (_name, bytes) => {
    const err = await extractText(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(415);
    expect((err as ApiError).code).toBe('DATA_UNSUPPORTED_FILE');
  });
});
