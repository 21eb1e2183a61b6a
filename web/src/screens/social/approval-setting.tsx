import { useId } from 'react';
import type { SocialSettings } from '@scout/sdk/social';
import { scout } from '../../lib/sdk.ts';
import { useSocialAction } from './use-social-action.ts';

/**
 * The troop's rule, for leaders: whether posts and comments by scouts wait for a leader's
 * approval before others see them (on until a leader turns it off).
 */
export function ApprovalSetting({
  userId,
  settings,
}: {
  userId: string;
  settings: SocialSettings;
}) {
  const id = useId();
  const hintId = useId();
  const { busy, run } = useSocialAction(userId);
  return (
    <div className="mt-4 flex items-start gap-2.5 border-t border-stone-100 pt-4">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-scout-700"
        checked={settings.youthPostsNeedApproval}
        disabled={busy}
        aria-describedby={hintId}
        onChange={(e) => {
          const youthPostsNeedApproval = e.currentTarget.checked;
          void run(
            () => scout.social.updateSettings({ youthPostsNeedApproval }),
            youthPostsNeedApproval
              ? "Scouts' posts now wait for a leader"
              : "Scouts' posts now show at once",
          );
        }}
      />
      <div>
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-stone-900">
          Scouts&apos; posts wait for a leader&apos;s approval
        </label>
        <p id={hintId} className="text-sm text-stone-600">
          Their comments too. Photos of a scout who asked for none always wait.
        </p>
      </div>
    </div>
  );
}
