/**
 * The profile's Notifications section: which event mails the member gets (new events, changes
 * and cancellations, reminders) and how many hours before an event the reminder comes
 * (docs/product.md, Reminders and notifications), and whether new events come as they are added
 * or in a daily or weekly digest (docs/decisions/064-notice-batches.md), the troop's
 * newsletters and announcements (docs/decisions/081-newsletter-posts.md), and the social feed's
 * posts: each one, a daily digest or none (docs/decisions/090-social-feed.md). Saved together
 * with one button.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { NotificationSettings } from '@scout/sdk/notifications';
import {
  NOTIFICATION_KIND_LABELS,
  REMINDER_HOURS_MAX,
  REMINDER_HOURS_MIN,
} from '@scout/protocol/notification-settings';
import { failureMessage } from '../lib/failure-message.ts';
import { Form } from '../ui/form.tsx';
import { FormMessage } from '../ui/form-message.tsx';
import { SubmitButton } from '../ui/submit-button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { SelectField } from '../ui/select.tsx';
import { DIGEST_OPTIONS, digestLabel, digestOfLabel } from './new-events-digest.ts';
import { readReminderHours, REMINDER_HOURS_PROBLEM } from './reminder-hours.ts';
import { SOCIAL_MAIL_OPTIONS, socialMailLabel, socialMailOfLabel } from './social-mail.ts';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
} from './use-notification-settings.ts';

interface Draft {
  newEvents: boolean;
  /** The select's label of how new events arrive. */
  digest: string;
  changes: boolean;
  reminders: boolean;
  hours: string;
  newsletters: boolean;
  announcements: boolean;
  /** The select's label of how social posts arrive. */
  social: string;
}

const draftOf = (s: NotificationSettings): Draft => ({
  newEvents: s.newEvents,
  digest: digestLabel(s.newEventsDigest),
  changes: s.changes,
  reminders: s.reminders,
  hours: String(s.reminderHours),
  newsletters: s.newsletters ?? true,
  announcements: s.announcements ?? true,
  social: socialMailLabel(s.social),
});

export function NotificationSettingsSection({ userId }: { userId: string }) {
  const settings = useNotificationSettings(userId);
  return (
    <section
      aria-labelledby="notification-settings-heading"
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 md:mt-8"
    >
      <h2
        id="notification-settings-heading"
        className="text-xl font-bold tracking-tight text-stone-900"
      >
        Notifications
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">
        Emails about the troop calendar, the troop's news and its social feed. Every email also has
        a link to stop that kind.
      </p>
      {settings.data ? (
        <SettingsForm userId={userId} saved={settings.data} />
      ) : settings.isError ? (
        <FormMessage tone="error">
          {failureMessage(settings.error, 'Your notification settings could not be loaded.')}
        </FormMessage>
      ) : (
        <p className="text-sm text-stone-600">Loading your notification settings...</p>
      )}
    </section>
  );
}

function SettingsForm({ userId, saved }: { userId: string; saved: NotificationSettings }) {
  const save = useSaveNotificationSettings(userId);
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [problemSaving, setProblemSaving] = useState(false);
  // Saved elsewhere (an unsubscribe link, another tab): show what is stored now.
  useEffect(() => setDraft(draftOf(saved)), [saved]);

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDone(false);
    setProblemSaving(false);
    setDraft(next);
    if (problem && (!next.reminders || readReminderHours(next.hours) !== null)) setProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    // With reminders off the hours field is not in use: what it holds is kept only when valid.
    const reminderHours =
      readReminderHours(draft.hours) ?? (draft.reminders ? null : saved.reminderHours);
    if (reminderHours === null) {
      setProblem(REMINDER_HOURS_PROBLEM);
      return;
    }
    const newEventsDigest = digestOfLabel(draft.digest);
    save.mutate(
      {
        newEvents: draft.newEvents,
        newEventsDigest,
        changes: draft.changes,
        reminders: draft.reminders,
        reminderHours,
        newsletters: draft.newsletters,
        announcements: draft.announcements,
        social: socialMailOfLabel(draft.social),
      },
      {
        // The answer is what was stored: a choice the server did not keep is said, not hidden.
        onSuccess: (stored) =>
          (stored.newEventsDigest ?? 'immediate') === newEventsDigest
            ? setDone(true)
            : setProblemSaving(true),
      },
    );
  };

  return (
    <Form busy={save.isPending} onSubmit={submit}>
      <fieldset className="space-y-3">
        <legend className="sr-only">Email me about</legend>
        <Switch
          label={NOTIFICATION_KIND_LABELS.new_events}
          hint="When a leader puts a new event on the calendar."
          checked={draft.newEvents}
          onChange={(newEvents) => edit({ newEvents })}
        />
        <SelectField
          label="How new events arrive"
          options={DIGEST_OPTIONS}
          placeholder="Choose how"
          disabled={!draft.newEvents}
          value={draft.digest}
          onChange={(e) => edit({ digest: e.target.value })}
          className="max-w-xs pl-7"
        />
        <Switch
          label={NOTIFICATION_KIND_LABELS.changes}
          hint="When an event your household answered moves, changes place or is cancelled."
          checked={draft.changes}
          onChange={(changes) => edit({ changes })}
        />
        <Switch
          label={NOTIFICATION_KIND_LABELS.reminders}
          hint="Before an event your household is going to or has not answered yet."
          checked={draft.reminders}
          onChange={(reminders) => edit({ reminders })}
        />
        <Switch
          label={NOTIFICATION_KIND_LABELS.newsletters}
          hint="The troop's newsletter, when you take your new-event emails."
          checked={draft.newsletters}
          onChange={(newsletters) => edit({ newsletters })}
        />
        <Switch
          label={NOTIFICATION_KIND_LABELS.announcements}
          hint="Short, urgent news from the leaders, at once."
          checked={draft.announcements}
          onChange={(announcements) => edit({ announcements })}
        />
        <SelectField
          label={NOTIFICATION_KIND_LABELS.social}
          options={SOCIAL_MAIL_OPTIONS}
          placeholder="Choose how"
          value={draft.social}
          onChange={(e) => edit({ social: e.target.value })}
          className="max-w-xs"
        />
      </fieldset>
      <TextField
        label="Hours before an event"
        inputMode="numeric"
        disabled={!draft.reminders}
        value={draft.hours}
        error={problem}
        hint={`From ${REMINDER_HOURS_MIN} to ${REMINDER_HOURS_MAX} hours (a week).`}
        onChange={(e) => edit({ hours: e.target.value })}
        className="max-w-xs"
      />
      {save.isError ? (
        <FormMessage tone="error">
          {failureMessage(save.error, 'Your notification settings could not be saved.')}
        </FormMessage>
      ) : null}
      {problemSaving ? (
        <FormMessage tone="error">
          Your choice of how new events arrive could not be saved. Please try again.
        </FormMessage>
      ) : null}
      {done ? <FormMessage tone="success">Notification settings saved.</FormMessage> : null}
      <div className="flex justify-end pt-1">
        <SubmitButton
          busy={save.isPending}
          busyLabel="Saving..."
          size="lg"
          className="w-full sm:w-auto"
        >
          Save notifications
        </SubmitButton>
      </div>
    </Form>
  );
}

function Switch(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="mt-1 size-4 shrink-0 accent-scout-700"
      />
      <span>
        <span className="block text-sm font-medium text-stone-800">{props.label}</span>
        <span className="block text-xs text-stone-600">{props.hint}</span>
      </span>
    </label>
  );
}
