import { describe, expect, it } from 'vitest';
import { VOLUNTEER_TEMPLATES, type WireVolunteerSlot } from '@scout/protocol/volunteer';
import { fieldsOfSlot, fieldsOfTemplate, inputOf, patchOf } from './volunteer-slot-fields.ts';

const slot = (over: Partial<WireVolunteerSlot> = {}): WireVolunteerSlot => ({
  id: 's1',
  eventId: 'e1',
  slotOccurrence: '',
  title: 'Driver to camp',
  kind: 'driver',
  people: 3,
  seats: 4,
  timeFrom: '07:00',
  timeTo: '09:00',
  note: 'Meet at the church',
  openToScouts: false,
  cutoffHours: 24,
  cutoffAt: null,
  places: [],
  placesLeft: 3,
  full: false,
  ...over,
});

describe("a slot's form", () => {
  it('edits a slot as it stands and sends back the same fields', () => {
    const fields = fieldsOfSlot(slot());
    expect(fields).toMatchObject({ people: '3', seats: '4', cutoffHours: '24', every: false });
    expect(patchOf(fields)).toEqual({
      kind: 'driver',
      title: 'Driver to camp',
      people: 3,
      seats: 4,
      timeFrom: '07:00',
      timeTo: '09:00',
      note: 'Meet at the church',
      cutoffHours: 24,
      openToScouts: false,
    });
  });

  it('sends a cleared field as null and seats only for drivers', () => {
    const meal = fieldsOfSlot(
      slot({ kind: 'meal', seats: null, timeFrom: null, timeTo: null, cutoffHours: null }),
    );
    const patch = patchOf({ ...meal, note: '  ', title: ' Saturday dinner ' });
    expect(patch).not.toHaveProperty('seats');
    expect(patch).toMatchObject({ title: 'Saturday dinner', note: null, timeFrom: null });
    expect(patch.cutoffHours).toBeNull();
  });

  it('marks a slot on every meeting, and a new one goes on this meeting or every one', () => {
    expect(fieldsOfSlot(slot({ slotOccurrence: '*' })).every).toBe(true);
    const fields = fieldsOfTemplate(VOLUNTEER_TEMPLATES[0]!);
    expect(inputOf(fields, '')).not.toHaveProperty('occurrence');
    expect(inputOf(fields, '2026-12-12').occurrence).toBe('2026-12-12');
    expect(inputOf({ ...fields, every: true }, '2026-12-12').occurrence).toBe('*');
  });
});
