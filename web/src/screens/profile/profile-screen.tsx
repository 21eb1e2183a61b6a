import { useState, type ReactNode } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { FormMessage } from '../../ui/form-message.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { FamilySection } from './family/family-section.tsx';
import { TroopRoster } from './family/troop-roster.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { LinkedAccounts } from './linked-accounts.tsx';
import { profileFieldsOf } from './profile-fields.ts';
import { ProfileForm } from './profile-form.tsx';
import { useAvatarUpload } from './use-avatar-upload.ts';
import { NotificationSettingsSection } from '../../profile/notification-settings.tsx';
import { useProfileSave } from './use-profile-save.ts';

export function ProfileScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'profile');
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'profile')}
      menuItems={menu}
      back={{ label: 'Back', onBack: nav.back }}
      width="narrow"
    >
      <div className="mx-auto max-w-3xl">
        <ScreenHeading className="text-3xl font-extrabold tracking-tight text-stone-900">
          Profile
        </ScreenHeading>
        <p className="mt-2 text-sm text-stone-600 md:text-base">
          Your picture, your name and your place in the troop.
        </p>
        <ProfileSections user={user} />
        <FamilySection userId={user.id} />
        <TroopRoster user={user} />
      </div>
    </AppFrame>
  );
}

function ProfileSections({ user }: { user: WireUser }) {
  // The form starts from the account once; later updates of the user must not erase typing.
  const [initial] = useState(() => profileFieldsOf(user));
  const avatar = useAvatarUpload();
  const profile = useProfileSave();

  return (
    <>
      <Card labelledBy="profile-details-heading">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
          <AvatarPicker user={user} busy={avatar.busy} onPick={avatar.upload} />
          <div className="min-w-0">
            <h2
              id="profile-details-heading"
              className="truncate text-xl font-bold tracking-tight text-stone-900"
            >
              {user.displayName?.trim() || 'Your details'}
            </h2>
            <p className="mt-0.5 truncate text-sm text-stone-700">
              <span className="sr-only">Email: </span>
              {user.email}
            </p>
            <p id="avatar-hint" className="mt-2 text-xs text-stone-600">
              Click or tap your picture to change it. Any image under{' '}
              {AVATAR_MAX_BYTES / (1024 * 1024)} MB.
            </p>
          </div>
        </div>
        {avatar.error || avatar.success ? (
          <div className="mt-4">
            {avatar.error ? <FormMessage tone="error">{avatar.error}</FormMessage> : null}
            {avatar.success ? <FormMessage tone="success">{avatar.success}</FormMessage> : null}
          </div>
        ) : null}
        <div className="mt-6 border-t border-stone-200 pt-6">
          <ProfileForm
            initial={initial}
            busy={profile.busy}
            error={profile.error}
            success={profile.success}
            onSubmit={profile.save}
            onEdit={profile.revise}
          />
        </div>
      </Card>

      <Card labelledBy="change-password-heading">
        <h2
          id="change-password-heading"
          className="text-xl font-bold tracking-tight text-stone-900"
        >
          Change password
        </h2>
        <p className="mt-1 mb-5 text-sm text-stone-600">
          Enter your current password, then choose a new one.
        </p>
        <ChangePasswordForm />
      </Card>

      <LinkedAccounts userId={user.id} />
      <NotificationSettingsSection userId={user.id} />
    </>
  );
}

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 md:mt-8"
    >
      {children}
    </section>
  );
}
