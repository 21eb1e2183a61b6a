/**
 * Sign-up sheets through the SDK and TanStack Query, per signed-in member (docs/protocol.md,
 * Volunteer), shared by the Volunteer screen, an event's sheet in the calendar and the
 * dashboard's card. Every list and sheet of a member sits under one key, so a change (one's own
 * or one announced on the `volunteer` channel, lib/use-volunteer-live.ts) reads them again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VolunteerSheet, VolunteerSlotInput, VolunteerSlotPatch } from '@scout/sdk/volunteer';
import { scout } from './sdk.ts';

/** Every sheet and list of the member, or one of them. */
export const volunteerKey = (userId: string, ...part: (string | number)[]) =>
  ['volunteer', userId, ...part] as const;

/** An event's sheet: a single event (`occurrence` '') or one occurrence of a series. */
export interface SheetTarget {
  eventId: string;
  occurrence: string;
}

/** The cache key of one event's sheet. */
export const sheetKey = (userId: string, t: SheetTarget) =>
  volunteerKey(userId, 'sheet', t.eventId, t.occurrence);
const withOccurrence = (occurrence: string) => (occurrence ? { occurrence } : {});

export function useVolunteerSheet(userId: string, target: SheetTarget) {
  return useQuery({
    queryKey: sheetKey(userId, target),
    queryFn: () => scout.volunteer.sheet(target.eventId, target.occurrence || undefined),
  });
}

export function useOpenSlots(userId: string, limit = 50) {
  return useQuery({
    queryKey: volunteerKey(userId, 'open', limit),
    queryFn: async () => (await scout.volunteer.open({ limit })).slots,
  });
}

export function useMyCommitments(userId: string) {
  return useQuery({
    queryKey: volunteerKey(userId, 'mine'),
    queryFn: () => scout.volunteer.mine(),
  });
}

export function useUnfilledSlots(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: volunteerKey(userId, 'unfilled'),
    queryFn: async () => (await scout.volunteer.unfilled()).events,
    enabled,
  });
}

/** A place in a slot on an occurrence ('' for a single event), for oneself unless `volunteer`. */
export interface PlaceTarget {
  slotId: string;
  occurrence: string;
  volunteer?: string;
}

/** The troop's adults by name (every member reads them): whom a place may be offered to. */
export function useVolunteerAdults(userId: string) {
  return useQuery({
    queryKey: volunteerKey(userId, 'adults'),
    queryFn: () => scout.volunteer.adults(),
  });
}

/** A place offered to the member `to` (an account id). */
export interface OfferTarget extends PlaceTarget {
  to: string;
}

/**
 * Taking and giving back places, offering them and answering offers, and a leader's adding,
 * editing and removing slots. A change answers with the
 * sheet, which is put into the cache; every other list of the member is read again, since the
 * change moves a slot between "open" and "mine".
 */
export function useVolunteerChanges(userId: string) {
  const queryClient = useQueryClient();
  const settle = (sheet?: VolunteerSheet) => {
    if (sheet) queryClient.setQueryData(sheetKey(userId, sheet), sheet);
    void queryClient.invalidateQueries({ queryKey: volunteerKey(userId) });
  };
  const place = (p: PlaceTarget) => ({
    ...withOccurrence(p.occurrence),
    ...(p.volunteer ? { volunteer: p.volunteer } : {}),
  });
  const take = useMutation({
    mutationFn: (p: PlaceTarget) => scout.volunteer.take(p.slotId, place(p)),
    onSuccess: settle,
    onError: () => settle(),
  });
  const giveBack = useMutation({
    mutationFn: (p: PlaceTarget) => scout.volunteer.giveBack(p.slotId, place(p)),
    onSuccess: (out) => settle(out.sheet),
    onError: () => settle(),
  });
  const answerOffer = useMutation({
    mutationFn: ({ offerId, accept }: { offerId: string; accept: boolean }) =>
      accept ? scout.volunteer.acceptOffer(offerId) : scout.volunteer.declineOffer(offerId),
    onSuccess: settle,
    onError: () => settle(),
  });
  const offer = useMutation({
    mutationFn: (p: OfferTarget) => scout.volunteer.offer(p.slotId, p.to, place(p)),
    onSuccess: settle,
    onError: () => settle(),
  });
  const addSlot = useMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: VolunteerSlotInput }) =>
      scout.volunteer.addSlot(eventId, input),
    onSettled: () => settle(),
  });
  const editSlot = useMutation({
    mutationFn: ({ slotId, patch }: { slotId: string; patch: VolunteerSlotPatch }) =>
      scout.volunteer.editSlot(slotId, patch),
    onSettled: () => settle(),
  });
  const removeSlot = useMutation({
    mutationFn: (slotId: string) => scout.volunteer.removeSlot(slotId),
    onSettled: () => settle(),
  });
  return { take, giveBack, offer, answerOffer, addSlot, editSlot, removeSlot };
}
