import { useState } from 'react';
import type { WaitingTroop } from '@scout/protocol/troops';
import { troopLabel } from '../../frame/troop-switch.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { useWaitingTroops } from './use-waiting-troops.ts';
import { registeredLine } from './waiting-words.ts';

/**
 * For the council's admins and the platform admin: the troops registered at sign-up that wait
 * for the council, each to confirm (its members then use it) or to refuse (it goes, with the
 * accounts in no other troop, after a question). Nothing for other council members: the server
 * decides who sees it (use-waiting-troops.ts), so the section has no role check of its own.
 */
export function WaitingTroops({ enabled }: { enabled: boolean }) {
  const waiting = useWaitingTroops(enabled);
  const [refusing, setRefusing] = useState<WaitingTroop | null>(null);
  if (waiting.error)
    return (
      <div className="mt-6">
        <FormMessage tone="error">{waiting.error}</FormMessage>
      </div>
    );
  if (!waiting.troops || waiting.troops.length === 0) return null;
  return (
    <section aria-labelledby="waiting-troops" className="mt-6">
      <h2 id="waiting-troops" className="text-xl font-bold text-stone-900">
        Troops waiting for the council ({waiting.troops.length})
      </h2>
      <ul className="mt-3 space-y-3">
        {waiting.troops.map((troop) => {
          const name = troopLabel(troop);
          const busy = waiting.deciding?.troop === troop.projectId;
          return (
            <li
              key={troop.projectId}
              className="rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
            >
              <h3 className="text-lg font-bold text-stone-900">{name}</h3>
              <p className="mt-1 text-sm text-stone-700">{registeredLine(troop)}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => waiting.decide(troop.projectId, true)}
                >
                  Confirm<span className="sr-only"> {name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setRefusing(troop)}
                >
                  Refuse<span className="sr-only"> {name}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={refusing !== null}
        onOpenChange={(open) => (open ? undefined : setRefusing(null))}
        title={`Refuse ${refusing ? troopLabel(refusing) : 'the troop'}?`}
        description="The troop is removed with its memberships, and so is any account that belongs to no other troop. This cannot be undone."
        confirmLabel="Refuse the troop"
        onConfirm={() => {
          if (refusing) waiting.decide(refusing.projectId, false);
          setRefusing(null);
        }}
      />
    </section>
  );
}
