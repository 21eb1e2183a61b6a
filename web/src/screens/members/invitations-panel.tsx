import { useState, type FormEvent } from 'react';
import { formatDay } from '../../lib/event-format.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { invitationState, useInvitations } from './use-invitations.ts';

/**
 * Invitations (SIGNUP_MODE=invite): one person by email (sent, or copied), or a link for a few
 * people; each open one can be revoked. A new link is shown once, to copy.
 */
export function InvitationsPanel() {
  const { invitations, made, create, creating, createError, revoke } = useInvitations();
  const [email, setEmail] = useState('');
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('14');
  const [copied, setCopied] = useState(false);

  const submit = (send: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    setCopied(false);
    const trimmed = email.trim();
    create({
      ...(trimmed ? { email: trimmed, send } : { maxUses: Number(uses) || 1 }),
      expiresInDays: Number(days) || 14,
    });
  };
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <section aria-labelledby="invitations-heading" className="mt-10">
      <h2 id="invitations-heading" className="text-xl font-bold text-stone-900">
        Invitations
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Invite a family by email, or make a link for a few people. A link is shown once: copy it
        when you make it.
      </p>
      <form
        onSubmit={submit(false)}
        className="mt-4 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2"
      >
        <TextField
          label="Email (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="For one person: their address is filled in and required."
          className="sm:col-span-2"
        />
        <TextField
          label="How many people"
          type="number"
          min={1}
          max={500}
          value={email.trim() ? '1' : uses}
          disabled={email.trim() !== ''}
          onChange={(e) => setUses(e.target.value)}
        />
        <TextField
          label="Expires after (days)"
          type="number"
          min={1}
          max={90}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        {createError ? (
          <div className="sm:col-span-2">
            <FormMessage tone="error">{createError}</FormMessage>
          </div>
        ) : null}
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row">
          <Button type="submit" disabled={creating}>
            Make invitation link
          </Button>
          {email.trim() ? (
            <Button variant="secondary" disabled={creating} onClick={() => submit(true)()}>
              Email the invitation
            </Button>
          ) : null}
        </div>
      </form>
      {made ? (
        <div className="mt-4 rounded-2xl border border-scout-200 bg-scout-50 p-4">
          <p className="text-sm font-semibold text-scout-900">
            New invitation{made.invitation.email ? ` for ${made.invitation.email}` : ''}:
          </p>
          <p className="mt-1 text-sm break-all text-scout-900" aria-label="Invitation link">
            {made.url}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void copy(made.url)}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      ) : null}
      <ul aria-label="Invitations" className="mt-4 space-y-2">
        {invitations.map((i) => {
          const state = invitationState(i);
          return (
            <li
              key={i.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm"
            >
              <span className="min-w-0 text-stone-800">
                <span className="font-semibold">{i.email ?? 'Anyone with the link'}</span>
                {' · '}
                {i.uses} of {i.maxUses} used · {state} · until {formatDay(i.expiresAt)}
              </span>
              {state === 'Open' ? (
                <Button variant="secondary" size="sm" onClick={() => revoke(i.id)}>
                  Revoke<span className="sr-only"> the invitation for {i.email ?? 'anyone'}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
