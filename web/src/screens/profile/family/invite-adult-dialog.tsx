import { useState, type FormEvent } from 'react';
import { looksLikeEmail } from '@scout/protocol/auth';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { TextField } from '../../../ui/text-field.tsx';

interface InviteAdultDialogProps {
  open: boolean;
  /** Inviting this scout's own account to link to the profile, rather than an adult. */
  scoutName?: string | null;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: string | null;
  /** The invitation made: its link (shown once) and the address it was mailed to. */
  invited: { url: string; email: string | null } | null;
  onInvite: (email: string | null) => void;
}

/**
 * Another adult of the family (the other parent), or a scout's own account, joins by a link:
 * mailed to their address when one is given (and then only that account may accept it), and
 * shown here once to copy.
 */
export function InviteAdultDialog({
  open,
  onOpenChange,
  scoutName,
  ...rest
}: InviteAdultDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={scoutName ? `Invite ${scoutName}` : 'Invite an adult'}
      description={
        scoutName
          ? `${scoutName} links their own account to the profile and answers for themself.`
          : 'The other parent or a guardian joins your household and sees its scouts.'
      }
    >
      <InviteAdultForm {...rest} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function InviteAdultForm({
  busy,
  error,
  invited,
  onInvite,
  onClose,
}: Omit<InviteAdultDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    if (trimmed && !looksLikeEmail(trimmed)) {
      setProblem(AUTH_ERROR_MESSAGES.INVALID_EMAIL);
      e.currentTarget.querySelector<HTMLElement>('[name="email"]')?.focus();
      return;
    }
    onInvite(trimmed || null);
  };

  if (invited) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">
          {invited.email
            ? `We emailed the invitation to ${invited.email}. Only that address can accept it.`
            : 'Invitation made. Send this link to the person you invite.'}
        </FormMessage>
        <div className="rounded-xl border border-scout-200 bg-scout-50 p-3">
          <p className="text-sm font-semibold text-scout-900">Invitation link (shown once)</p>
          <p className="mt-1 text-sm break-all text-scout-900" aria-label="Invitation link">
            {invited.url}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Button
            onClick={() =>
              void navigator.clipboard.writeText(invited.url).then(() => setCopied(true))
            }
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Form busy={busy} onSubmit={submit}>
      <TextField
        label="Their email (optional)"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        error={problem}
        hint="We email them the link. Leave it empty to make a link you send yourself."
        onChange={(e) => {
          setEmail(e.target.value);
          setProblem(null);
        }}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel="Inviting…">
          {email.trim() ? 'Email the invitation' : 'Make invitation link'}
        </SubmitButton>
      </div>
    </Form>
  );
}
