import type { ReactNode } from 'react';
import type { Member } from '@scout/sdk/members';
import { SelectField } from '../../ui/select.tsx';
import { memberName } from './member-name.ts';

interface MemberRowProps {
  member: Member;
  /** The app roles an admin may give; absent, the role is only shown. */
  roles: readonly string[] | null;
  busy: boolean;
  /** A role was chosen in `select`, which the confirmation returns focus to. */
  onRole: (role: string, select: HTMLSelectElement) => void;
  /** What a leader may do with this membership (approve, suspend, remove...). */
  actions?: ReactNode;
}

/** One member: name, email, troop role (their own words) and app role (what the app lets them do). */
export function MemberRow({ member, roles, busy, onRole, actions }: MemberRowProps) {
  const name = memberName(member);
  return (
    <li className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
      <div className="min-w-0">
        <h2 className="truncate text-base font-bold text-stone-900">{name}</h2>
        <p className="truncate text-sm text-stone-600">{member.email}</p>
        <p className="mt-1 text-sm text-stone-700">
          Troop role: {member.troopRole ?? <span className="text-stone-500">not given</span>}
        </p>
        {member.status !== 'active' ? (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            {member.status === 'pending' ? 'Waiting for approval' : 'Suspended'}
          </p>
        ) : null}
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {roles ? (
        <SelectField
          label={`App role for ${name}`}
          options={roles}
          placeholder="Choose a role"
          value={member.role}
          // Not disabled: focus stays on the select while the change is saved, and comes back
          // to it after the confirmation of a higher role.
          aria-disabled={busy}
          className={busy ? 'opacity-60' : undefined}
          onChange={(e) => {
            const select = e.currentTarget;
            const chosen = select.value;
            // The select shows the stored role until the server answers with the new one, and
            // stays on it when a confirmation is cancelled.
            select.value = member.role;
            if (!busy) onRole(chosen, select);
          }}
        />
      ) : (
        <p className="text-sm text-stone-700">
          App role: <span className="font-semibold">{member.role}</span>
        </p>
      )}
    </li>
  );
}
