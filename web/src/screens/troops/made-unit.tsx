import { useEffect, useRef } from 'react';
import type { CreatedTroop } from '@scout/protocol/troops';
import { troopLabel } from '../../frame/troop-switch.ts';
import { CopyField } from '../../ui/copy-field.tsx';

/**
 * What the platform admin reads once a unit is made: who its leader is, or the invitation link
 * for one with no account yet. The link is shown only here, so the panel takes focus and says so.
 */
export function MadeUnit({ made }: { made: CreatedTroop }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [made]);
  const { troop, leader } = made;
  const what = troop.kind === 'council' ? 'Council' : 'Troop';
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      aria-label={`${what} made`}
      className="mt-4 space-y-3 rounded-2xl border border-scout-200 bg-scout-50 p-4 text-sm text-scout-900 focus:outline-2 focus:outline-scout-600"
    >
      <p className="font-semibold">
        {what} made: {troopLabel(troop)} ({troop.projectId}).
      </p>
      {leader === null ? (
        <p>It has no leader yet.</p>
      ) : leader.outcome === 'member' ? (
        <p>{leader.email} is its leader.</p>
      ) : (
        <>
          <p>
            No account has {leader.email} yet: send them this invitation link to join. It is shown
            only here.
          </p>
          <CopyField label="Invitation link" value={leader.invitationUrl} />
        </>
      )}
    </div>
  );
}
