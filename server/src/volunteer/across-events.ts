/**
 * The lists across events (docs/protocol.md, Volunteer): the caller's commitments, the open
 * slots soonest first and, for leaders, the unfilled slots per occurrence. Each reads the
 * occurrences of a window as the calendar shows them (calendar/occurrences.ts: moved,
 * removed and cancelled ones as they are now), under the caller's read rule, and puts the
 * troop's slots on them: a slot on every occurrence of a series appears on each.
 */
import {
  EVERY_OCCURRENCE,
  type WireCommitment,
  type WireMyCommitments,
  type WireOpenSlots,
  type WireSlotOnDate,
  type WireUnfilledSlots,
} from '@scout/protocol/volunteer';
import type { RolesConfig } from '@scout/protocol/permissions';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import { expandOccurrences } from '../calendar/occurrences.ts';
import { readableEvents } from '../calendar/read-scope.ts';
import { rowsForWindow } from '../calendar/stored-events.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { Queryable } from '../store/store.ts';
import { cutoffMs } from './occurrence-time.ts';
import { placesIn, slotsOfEvents, type Place, type Slot } from './stored-slots.ts';

export interface Window {
  from: string;
  to: string;
}

interface Dated {
  eventId: string;
  occurrence: string;
  eventName: string;
  date: string;
  time: string | null;
}

export interface SlotOnDate {
  on: Dated;
  slot: Slot;
  places: Place[];
}

/** Every slot on every readable, not cancelled occurrence of the window, soonest first. */
async function slotsInWindow(
  db: Queryable,
  units: CalendarUnits,
  roles: RolesConfig,
  caller: SignedInCaller,
  window: Window,
  timeZone: string,
): Promise<SlotOnDate[]> {
  const rows = readableEvents(
    roles,
    caller,
    await rowsForWindow(db, units, window.from, window.to),
  );
  const dated: Dated[] = expandOccurrences(rows, window.from, window.to, timeZone)
    .filter((o) => o.status !== 'cancelled')
    .map((o) => ({
      eventId: o.seriesId ?? o.eventId,
      occurrence: o.occurrenceDate ?? '',
      eventName: o.name,
      date: o.date,
      time: o.allDay ? null : o.time,
    }));
  const slots = await slotsOfEvents(db, units.troopId, [...new Set(dated.map((d) => d.eventId))]);
  const places = await placesIn(
    db,
    units.troopId,
    slots.map((s) => s.id),
    null,
  );
  const out: SlotOnDate[] = [];
  for (const on of dated)
    for (const slot of slots) {
      if (slot.eventId !== on.eventId) continue;
      const fits =
        slot.occurrence === on.occurrence ||
        (slot.occurrence === EVERY_OCCURRENCE && on.occurrence !== '');
      if (!fits) continue;
      const taken = places.filter((p) => p.slotId === slot.id && p.occurrence === on.occurrence);
      out.push({ on, slot, places: taken });
    }
  return out.sort(
    (a, b) =>
      a.on.date.localeCompare(b.on.date) ||
      (a.on.time ?? '').localeCompare(b.on.time ?? '') ||
      a.on.eventId.localeCompare(b.on.eventId) ||
      (a.slot.timeFrom ?? '').localeCompare(b.slot.timeFrom ?? '') ||
      a.slot.createdAt.localeCompare(b.slot.createdAt),
  );
}

function wireOnDate({ on, slot, places }: SlotOnDate): WireSlotOnDate {
  return {
    ...on,
    slotId: slot.id,
    title: slot.title,
    kind: slot.kind,
    people: slot.people,
    taken: places.length,
    placesLeft: Math.max(0, slot.people - places.length),
    timeFrom: slot.timeFrom,
    timeTo: slot.timeTo,
    openToScouts: slot.openToScouts,
  };
}

export interface ListContext {
  units: CalendarUnits;
  roles: RolesConfig;
  caller: SignedInCaller;
  timeZone: string;
}

export async function myCommitments(
  db: Queryable,
  ctx: ListContext,
  people: readonly string[],
  window: Window,
): Promise<WireMyCommitments> {
  const all = await slotsInWindow(db, ctx.units, ctx.roles, ctx.caller, window, ctx.timeZone);
  const own = new Set(people);
  const userId = ctx.caller.kind === 'user' ? ctx.caller.userId : null;
  const commitments: WireCommitment[] = [];
  const offers: WireMyCommitments['offers'] = [];
  for (const item of all)
    for (const p of item.places) {
      if (own.has(p.volunteer)) {
        const cutoff = cutoffMs(ctx.timeZone, item.on, item.slot.cutoffHours);
        commitments.push({
          ...wireOnDate(item),
          signupId: p.id,
          volunteer: p.volunteer,
          name: p.name,
          cutoffAt: cutoff === null ? null : new Date(cutoff).toISOString(),
        });
      }
      if (userId && p.offer?.toUser === userId)
        offers.push({ offerId: p.offer.id, signupId: p.id, from: p.name, slot: wireOnDate(item) });
    }
  return { commitments, offers };
}

export async function openSlots(
  db: Queryable,
  ctx: ListContext,
  window: Window,
  limit: number,
): Promise<WireOpenSlots> {
  const all = await slotsInWindow(db, ctx.units, ctx.roles, ctx.caller, window, ctx.timeZone);
  return {
    slots: all
      .filter((s) => s.places.length < s.slot.people)
      .slice(0, limit)
      .map((s) => ({ ...wireOnDate(s), empty: s.places.length === 0 })),
  };
}

export async function unfilledSlots(
  db: Queryable,
  ctx: ListContext,
  window: Window,
): Promise<WireUnfilledSlots> {
  const all = await slotsInWindow(db, ctx.units, ctx.roles, ctx.caller, window, ctx.timeZone);
  const events: WireUnfilledSlots['events'] = [];
  for (const item of all) {
    if (item.places.length >= item.slot.people) continue;
    const last = events.at(-1);
    const slot = wireOnDate(item);
    if (last && last.eventId === item.on.eventId && last.occurrence === item.on.occurrence) {
      last.slots.push(slot);
      last.placesLeft += slot.placesLeft;
    } else events.push({ ...item.on, slots: [slot], placesLeft: slot.placesLeft });
  }
  return { events };
}
