/** The platform admin's data: the server's units, and making one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedTroop, NewTroopInput } from '@scout/protocol/troops';
import { scout } from '../../lib/sdk.ts';
import { sortUnits } from './unit-order.ts';

const UNITS_KEY = ['server-units'] as const;

export function useServerUnits(enabled: boolean) {
  return useQuery({
    queryKey: UNITS_KEY,
    queryFn: async () => sortUnits(await scout.troops.all()),
    enabled,
  });
}

/** Makes a unit; the list is read again, so the new one shows in it with its council. */
export function useCreateUnit() {
  const client = useQueryClient();
  return useMutation<CreatedTroop, Error, NewTroopInput>({
    mutationFn: (input) => scout.troops.create(input),
    onSuccess: () => client.invalidateQueries({ queryKey: UNITS_KEY }),
  });
}
