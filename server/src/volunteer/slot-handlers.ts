/** A leader's slots (routes.ts): added to an event the leader reads, edited, removed; each announced. */
import type { VolunteerSlotInput, VolunteerSlotPatch } from '@scout/protocol/volunteer';
import { mustReadEvent } from '../rsvps/readable-event.ts';
import {
  announceSlot,
  readableSlot,
  slotAnswer,
  underSlotLock,
  type VolunteerRequest,
} from './request-context.ts';
import { addSlot, editSlot, removeSlot } from './slot-edits.ts';

export async function addEventSlot(
  r: VolunteerRequest,
  eventId: string,
  fields: VolunteerSlotInput,
) {
  await mustReadEvent(r.deps, r.units, r.caller, eventId);
  const slot = await r.deps.store.transaction((tx) =>
    addSlot(tx, r.units, eventId, fields, r.by, r.deps.clock.now()),
  );
  await announceSlot(r, slot, 'added');
  return slotAnswer(r, slot);
}

export async function editEventSlot(
  r: VolunteerRequest,
  slotId: string,
  changes: VolunteerSlotPatch,
) {
  await readableSlot(r, slotId);
  const slot = await underSlotLock(r, slotId, (tx, found) =>
    editSlot(tx, r.troop.id, found, changes, r.deps.clock.now()),
  );
  await announceSlot(r, slot, 'edited');
  return slotAnswer(r, slot);
}

export async function removeEventSlot(r: VolunteerRequest, slotId: string) {
  const slot = await readableSlot(r, slotId);
  await r.deps.store.transaction((tx) => removeSlot(tx, r.troop.id, slot.id));
  await announceSlot(r, slot, 'removed');
  return { slotId: slot.id };
}
