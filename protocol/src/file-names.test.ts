import { describe, expect, it } from 'vitest';
import { hasHiddenTextControl, withoutHiddenTextControls } from './file-names.ts';

const BIDI_CONTROLS = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('hidden text controls in file names', () => {
  it('finds every bidirectional control and the invisible format characters', () => {
    for (const c of [...BIDI_CONTROLS, '\u200b', '\u2060', '\ufeff'])
      expect(hasHiddenTextControl(`invoice${c}fdp.exe`), c.codePointAt(0)?.toString(16)).toBe(true);
  });

  it('leaves names in any script alone, joiners included', () => {
    for (const name of [
      'Packing list.pdf',
      'קמפינג.pdf',
      'رحلة.txt',
      'می\u200cخواهم.txt',
      '👨\u200d👩\u200d👧.png',
    ])
      expect(hasHiddenTextControl(name), name).toBe(false);
  });

  it('shows a name as it really reads', () => {
    expect(withoutHiddenTextControls('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(withoutHiddenTextControls('\u2067a\u200bb\u2069.txt')).toBe('ab.txt');
  });
});
