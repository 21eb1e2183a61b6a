import { useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { can, PERMISSIONS } from '@scout/protocol/permissions';
import type { Member, MembershipAction } from '@scout/sdk/members';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { AppFrame } from '../../frame/app-frame.tsx';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { useCan, useRolesConfig } from '../../lib/use-can.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AuditLog } from './audit-log.tsx';
import { InvitationsPanel } from './invitations-panel.tsx';
import { memberName } from './member-name.ts';
import { MemberRow } from './member-row.tsx';
import { MembershipActions } from './membership-actions.tsx';
import { roleGrant, roleGrantWords } from './role-grant.ts';
import { useMembers } from './use-members.ts';

/** Actions that delete an account: asked before they run. */
const CONFIRM: Partial<Record<MembershipAction, { title: string; words: string; label: string }>> =
  {
    refuse: {
      title: 'Refuse this account?',
      words: 'is deleted, with everything they entered. They can sign up again.',
      label: 'Refuse',
    },
    remove: {
      title: 'Remove this member?',
      words: 'loses their account and profile. Troop events they created stay on the calendar.',
      label: 'Remove',
    },
  };

/**
 * Everyone in the troop, for those the roles configuration lets read the list (leaders and
 * admins by default). Those who may let people in approve or refuse accounts that wait, invite,
 * suspend and remove; those who may manage members change app roles; admins read the audit log
 * (docs/roles.md, docs/operations.md: Who may join).
 */
export function MembersScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'members');
  const roles = useRolesConfig();
  const canManage = useCan(user, PERMISSIONS.membersManage);
  const canApprove = useCan(user, PERMISSIONS.membersApprove);
  const canAudit = useCan(user, PERMISSIONS.auditRead);
  const { members, isLoading, isError, setRole, changingId, act, actingId } = useMembers();
  const [confirming, setConfirming] = useState<{ member: Member; action: MembershipAction } | null>(
    null,
  );
  /** A role that gives more than a member has (admin, leader), asked before it is given. */
  const [raising, setRaising] = useState<{
    member: Member;
    role: string;
    select: HTMLSelectElement;
  } | null>(null);
  const roleNames = canManage && roles ? Object.keys(roles.roles) : null;
  const chooseRole = (member: Member, role: string, select: HTMLSelectElement) => {
    if (role === member.role) return;
    if (roles && roleGrant(roles, role).raises) setRaising({ member, role, select });
    else setRole(member, role);
  };
  // Back to the select the role was chosen in, whether or not it had focus (a script may choose).
  const backToSelect = (select: HTMLSelectElement) => (e: Event) => {
    if (!select.isConnected) return;
    e.preventDefault();
    select.focus();
  };

  const mayActOn = (m: Member) =>
    canApprove && m.id !== user.id && (canManage || !can(roles, m.role, PERMISSIONS.membersManage));
  const request = (member: Member, action: MembershipAction) =>
    CONFIRM[action] ? setConfirming({ member, action }) : act(member, action);
  const row = (m: Member) => (
    <MemberRow
      key={m.id}
      member={m}
      roles={m.status === 'pending' ? null : roleNames}
      busy={changingId === m.id}
      onRole={(role, select) => chooseRole(m, role, select)}
      actions={
        mayActOn(m) ? (
          <MembershipActions
            member={m}
            busy={actingId === m.id}
            onAct={(action) => request(m, action)}
          />
        ) : null
      }
    />
  );
  const waiting = members?.filter((m) => m.status === 'pending') ?? [];
  const others = members?.filter((m) => m.status !== 'pending') ?? [];
  const asked = confirming ? CONFIRM[confirming.action] : undefined;

  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'members')}
      menuItems={menu}
      back={{ label: 'Back', onBack: nav.back }}
      width="narrow"
    >
      <ScreenHeading className="text-3xl font-extrabold tracking-tight text-stone-900">
        Members
      </ScreenHeading>
      <p className="mt-2 text-sm text-stone-600 md:text-base">
        Everyone in the troop. The troop role is what each member said of themself; the app role
        decides what the app lets them do.
      </p>
      {isLoading ? (
        <div className="flex items-center gap-3 py-10 text-stone-600">
          <Spinner /> Loading members...
        </div>
      ) : isError || !members ? (
        <p role="alert" className="py-6 text-sm text-red-800">
          Could not load the member list.
        </p>
      ) : (
        <>
          {waiting.length > 0 ? (
            <section aria-labelledby="waiting-heading" className="mt-6">
              <h2 id="waiting-heading" className="text-xl font-bold text-stone-900">
                Waiting for approval ({waiting.length})
              </h2>
              <ul aria-label="Waiting for approval" className="mt-3 space-y-3">
                {waiting.map(row)}
              </ul>
            </section>
          ) : null}
          <section aria-label="Troop members" className="mt-6">
            <p className="text-sm text-stone-600">
              {others.length} {others.length === 1 ? 'member' : 'members'}
            </p>
            <ul aria-label="Members" className="mt-3 space-y-3">
              {others.map(row)}
            </ul>
          </section>
          {canApprove ? <InvitationsPanel /> : null}
          {canAudit ? <AuditLog members={members} /> : null}
        </>
      )}
      {confirming && asked ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirming(null))}
          title={asked.title}
          description={`${memberName(confirming.member)} (${confirming.member.email}) ${asked.words}`}
          confirmLabel={asked.label}
          onConfirm={() => {
            act(confirming.member, confirming.action);
            setConfirming(null);
          }}
        />
      ) : null}
      {raising && roles ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setRaising(null))}
          title={`Make ${memberName(raising.member)} ${raising.role}?`}
          description={roleGrantWords(
            `${memberName(raising.member)} (${raising.member.email})`,
            raising.role,
            roleGrant(roles, raising.role),
          )}
          confirmLabel={`Make ${raising.role}`}
          tone="default"
          onCloseAutoFocus={backToSelect(raising.select)}
          onConfirm={() => {
            setRole(raising.member, raising.role);
            setRaising(null);
          }}
        />
      ) : null}
    </AppFrame>
  );
}
