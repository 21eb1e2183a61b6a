import { describe, expect, it } from 'vitest';
import {
  emptyNewUnit,
  firstProblemField,
  newUnitInput,
  newUnitProblems,
  serverProblem,
  type NewUnitValues,
} from './new-unit-form.ts';

const valid: NewUnitValues = {
  ...emptyNewUnit('America/Chicago'),
  number: '45',
  name: 'Troop 45 Riverside',
  projectId: 'troop-45',
};

describe('the new troop form', () => {
  it('lets a troop with a number, a name and a project id go', () => {
    expect(newUnitProblems(valid)).toEqual({});
  });

  it('names each field that needs fixing, in the server’s words', () => {
    const problems = newUnitProblems({
      ...valid,
      number: '  ',
      name: 'x'.repeat(121),
      projectId: 'troop/45',
      timeZone: 'Mars/Olympus',
      leaderEmail: 'not an address',
    });
    expect(problems).toEqual({
      number: 'A troop number is required',
      name: 'A troop name has at most 120 characters',
      projectId: 'A project id holds only letters, digits, "-" and "_"',
      timeZone: 'The time zone must be an IANA name, like America/Chicago',
      leaderEmail: 'Please enter a valid email address',
    });
    // Focus goes to the first of them as the form shows them.
    expect(firstProblemField(problems)).toBe('number');
    expect(firstProblemField({ leaderEmail: 'x', projectId: 'y' })).toBe('projectId');
    expect(newUnitProblems({ ...valid, kind: 'council', name: '' })).toEqual({
      name: 'A council name is required',
    });
    expect(newUnitProblems({ ...valid, projectId: '' })).toEqual({
      projectId: 'A project id is required',
    });
  });

  it('sends what was given, trimmed, and a council only for a troop', () => {
    expect(newUnitInput({ ...valid, projectId: ' troop-45 ', timeZone: '' })).toEqual({
      kind: 'troop',
      projectId: 'troop-45',
      number: '45',
      name: 'Troop 45 Riverside',
    });
    expect(
      newUnitInput({
        ...valid,
        signupMode: 'invite',
        councilProjectId: 'council-1',
        leaderEmail: ' lee@example.org ',
      }),
    ).toEqual({
      kind: 'troop',
      projectId: 'troop-45',
      number: '45',
      name: 'Troop 45 Riverside',
      timeZone: 'America/Chicago',
      signupMode: 'invite',
      councilProjectId: 'council-1',
      leaderEmail: 'lee@example.org',
    });
    expect(newUnitInput({ ...valid, kind: 'council', councilProjectId: 'council-1' })).toEqual({
      kind: 'council',
      projectId: 'troop-45',
      number: '45',
      name: 'Troop 45 Riverside',
      timeZone: 'America/Chicago',
    });
  });

  it('shows a refusal of the server by the field it names, else over the form', () => {
    expect(
      serverProblem({
        code: 'VALIDATION_ERROR',
        userMessage:
          'Invalid body.timeZone: The time zone must be an IANA name, like America/Chicago',
      }),
    ).toEqual({
      field: 'timeZone',
      message: 'The time zone must be an IANA name, like America/Chicago',
    });
    expect(
      serverProblem({
        code: 'CONFLICT',
        userMessage: 'The project id troop-45 is already a troop’s',
      }),
    ).toEqual({ field: 'projectId', message: 'The project id troop-45 is already a troop’s' });
    expect(
      serverProblem({ code: 'VALIDATION_ERROR', userMessage: 'No council has the project id c-9' }),
    ).toEqual({ field: 'councilProjectId', message: 'No council has the project id c-9' });
    expect(
      serverProblem({ code: 'FORBIDDEN', userMessage: 'Making a troop is for the platform admin' }),
    ).toEqual({ field: null, message: 'Making a troop is for the platform admin' });
    expect(
      serverProblem({ code: 'VALIDATION_ERROR', userMessage: 'Invalid body.troopId: unknown' }),
    ).toEqual({ field: null, message: 'Invalid body.troopId: unknown' });
  });
});
