import type { Member, MembershipAction } from '@scout/sdk/members';
import { Button } from '../../ui/button.tsx';
import { memberName } from './member-name.ts';

/** The buttons a leader has for one membership, by the member's status. */
export function MembershipActions({
  member,
  busy,
  onAct,
}: {
  member: Member;
  busy: boolean;
  onAct: (action: MembershipAction) => void;
}) {
  const name = memberName(member);
  const button = (action: MembershipAction, label: string, variant: 'primary' | 'secondary') => (
    <Button key={action} size="sm" variant={variant} disabled={busy} onClick={() => onAct(action)}>
      {label}
      <span className="sr-only"> {name}</span>
    </Button>
  );
  if (member.status === 'pending')
    return [button('approve', 'Approve', 'primary'), button('refuse', 'Refuse', 'secondary')];
  return [
    member.status === 'suspended'
      ? button('reinstate', 'Reinstate', 'secondary')
      : button('suspend', 'Suspend', 'secondary'),
    button('remove', 'Remove', 'secondary'),
  ];
}
