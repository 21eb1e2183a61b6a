import { describe, expect, it } from 'vitest';
import type { NewsletterDraft } from '@scout/protocol/newsletter';
import { bodyCounter, draftProblems, firstProblem } from './draft-problems.ts';

const draft: NewsletterDraft = {
  kind: 'newsletter',
  title: 'December news',
  body: 'Camp was great.',
  audience: 'troop',
  patrols: [],
};

describe('draftProblems', () => {
  it('says nothing of a post ready to go', () => {
    expect(draftProblems(draft)).toEqual({});
  });
  it("shows every field's problem at once, in the server's words", () => {
    const problems = draftProblems({ ...draft, title: ' ', body: '', audience: 'patrols' });
    expect(problems).toEqual({
      title: 'The title is empty',
      body: 'The post is empty',
      patrols: 'Choose at least one patrol',
    });
    expect(firstProblem(problems)).toBe('title');
  });
  it('shows a problem of the patrols beside the patrols only', () => {
    expect(draftProblems({ ...draft, audience: 'patrols', patrols: [] })).toEqual({
      patrols: 'Choose at least one patrol',
    });
    expect(draftProblems({ ...draft, audience: 'patrols', patrols: ['Eagles'] })).toEqual({});
  });
  it('holds an announcement to its short limit, and not a newsletter', () => {
    const long = 'x'.repeat(2001);
    expect(draftProblems({ ...draft, kind: 'announcement', body: long }).body).toBe(
      'An announcement is at most 2000 characters: send a newsletter for more',
    );
    expect(draftProblems({ ...draft, body: long })).toEqual({});
  });
});

describe('bodyCounter', () => {
  it("counts an announcement's characters against its limit", () => {
    expect(bodyCounter({ kind: 'announcement', body: 'x'.repeat(1234) })).toEqual({
      text: '1,234 / 2,000 characters',
      over: false,
    });
    expect(bodyCounter({ kind: 'announcement', body: 'x'.repeat(2001) })?.over).toBe(true);
  });
  it('shows for a newsletter only near its limit', () => {
    expect(bodyCounter({ kind: 'newsletter', body: 'x'.repeat(2001) })).toBeNull();
    expect(bodyCounter({ kind: 'newsletter', body: 'x'.repeat(46_000) })?.text).toBe(
      '46,000 / 50,000 characters',
    );
  });
});
