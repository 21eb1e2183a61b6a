/**
 * An adult leaves a household, or is removed by another of its adults (the family's own
 * business). A household with scouts keeps at least one adult, so no scout is left without
 * someone to answer for them; the last adult of a household without scouts takes it with them.
 */
import type { WireHouseholdAdult } from '@scout/protocol/households';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { HouseholdRef } from './household.ts';
import { adultToWire, type AdultRow } from './rows.ts';

type Deps = Pick<AppDeps, 'store'>;

export async function removeAdult(
  deps: Deps,
  { troopId, householdId }: HouseholdRef,
  userId: string,
): Promise<WireHouseholdAdult> {
  return deps.store.transaction(async (tx) => {
    const { rows } = await tx.query<AdultRow>(
      `SELECT a.user_id, u.display_name, u.email, a.joined_at
       FROM household_adults a JOIN users u ON u.id = a.user_id
       WHERE a.troop_id = ? AND a.household_id = ? AND a.user_id = ?`,
      [troopId, householdId, userId],
    );
    const adult = rows[0];
    if (!adult) throw new ApiError('NOT_FOUND', 'No adult with this id in your household');
    const count = await tx.query<{ adults: number | string; scouts: number | string }>(
      `SELECT (SELECT COUNT(*) FROM household_adults WHERE troop_id = ? AND household_id = ?) AS adults,
              (SELECT COUNT(*) FROM scouts WHERE troop_id = ? AND household_id = ?) AS scouts`,
      [troopId, householdId, troopId, householdId],
    );
    const { adults, scouts } = count.rows[0] ?? { adults: 0, scouts: 0 };
    if (Number(adults) <= 1) {
      if (Number(scouts) > 0) throw new ApiError('HOUSEHOLD_NEEDS_ADULT');
      await tx.query('DELETE FROM households WHERE troop_id = ? AND id = ?', [
        troopId,
        householdId,
      ]);
    } else {
      await tx.query(
        'DELETE FROM household_adults WHERE troop_id = ? AND household_id = ? AND user_id = ?',
        [troopId, householdId, userId],
      );
    }
    return adultToWire(adult);
  });
}
