import { useId, useState } from 'react';
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  type SocialChannelId,
  type WireSocialChannel,
} from '@scout/protocol/social';
import type { SocialHome, SocialUpload } from '@scout/sdk/social';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { useTaggableScouts } from '../../lib/social-query.ts';
import { noPhotoScouts, statusNote } from '../../lib/social-text.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Panel } from '../../ui/panel.tsx';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { MentionPicker } from './mention-picker.tsx';
import { useSocialAction } from './use-social-action.ts';

interface Chosen {
  /** The local key while it uploads. */
  key: string;
  name: string;
  upload: SocialUpload | null;
  error: string | null;
  tags: string[];
}

let nextKey = 0;

/**
 * Writing a post: its text, photos (each uploaded as chosen, shown as thumbnails, with the
 * scouts in it tagged; a scout who asked for no photos is named so, and the post then waits for
 * a leader) and the channel. A post that waits says so to its author.
 */
export function Composer({
  userId,
  home,
  channel: preferred,
}: {
  userId: string;
  home: SocialHome;
  /** The channel the feed shows, preselected when the member may post there. */
  channel: SocialChannelId | null;
}) {
  const headingId = useId();
  const bodyId = useId();
  const channelId = useId();
  const photosId = useId();
  const writable = home.channels.filter((c) => c.canPost);
  const start = writable.find((c) => c.id === preferred)?.id ?? writable[0]?.id ?? null;
  const [channel, setChannel] = useState<SocialChannelId | null>(start);
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<Chosen[]>([]);
  const [mentions, setMentions] = useState<string[]>([]);
  const scouts = useTaggableScouts(userId, photos.length > 0);
  const { busy, run } = useSocialAction(userId);
  if (!home.me.mayPost || writable.length === 0 || channel === null) return null;

  const uploading = photos.some((p) => !p.upload && !p.error);
  const ready = photos.filter((p) => p.upload);
  const tagged = ready.flatMap((p) => p.tags);
  const noPhotos = noPhotoScouts(tagged, scouts.data ?? []);
  const waits = home.me.youth && home.settings.youthPostsNeedApproval;

  const choose = (files: FileList | null) => {
    const room = SOCIAL_LIMITS.photosPerPost - photos.length;
    const list = [...(files ?? [])].slice(0, Math.max(0, room));
    for (const file of list) {
      const key = `photo-${nextKey++}`;
      setPhotos((all) => [...all, { key, name: file.name, upload: null, error: null, tags: [] }]);
      scout.social.uploadPhoto(file).then(
        (upload) => setPhotos((all) => all.map((p) => (p.key === key ? { ...p, upload } : p))),
        (err: unknown) =>
          setPhotos((all) =>
            all.map((p) =>
              p.key === key
                ? { ...p, error: failureMessage(err, 'This photo could not be uploaded.') }
                : p,
            ),
          ),
      );
    }
  };
  const setTags = (key: string, scoutId: string, on: boolean) =>
    setPhotos((all) =>
      all.map((p) =>
        p.key === key
          ? { ...p, tags: on ? [...p.tags, scoutId] : p.tags.filter((t) => t !== scoutId) }
          : p,
      ),
    );

  return (
    <Panel headingId={headingId} title="New post">
      <form
        className="mt-3 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim() && ready.length === 0) {
            toast.error(SOCIAL_MESSAGES.postEmpty);
            return;
          }
          void run(async () => {
            const post = await scout.social.createPost({
              channel,
              body: body.trim(),
              photos: ready.map((p) => ({ id: p.upload!.id, tags: p.tags })),
              ...(mentions.length ? { mentions } : {}),
            });
            setBody('');
            setPhotos([]);
            setMentions([]);
            toast.success(statusNote(post.status) ?? 'Posted');
          });
        }}
      >
        <ChannelSelect
          id={channelId}
          label="Post to"
          channels={writable}
          value={channel}
          onChange={(c) => {
            // Mentions are of the channel's readers: another channel starts over.
            setChannel(c);
            setMentions([]);
          }}
        />
        <div>
          <label htmlFor={bodyId} className={fieldLabelClass}>
            Post text
          </label>
          <textarea
            id={bodyId}
            rows={3}
            maxLength={SOCIAL_LIMITS.bodyMaxChars}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            className={cx(fieldControlClass, 'h-auto py-2')}
          />
        </div>
        <div>
          <label htmlFor={photosId} className={fieldLabelClass}>
            Add photos
          </label>
          <input
            id={photosId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            disabled={photos.length >= SOCIAL_LIMITS.photosPerPost}
            onChange={(e) => {
              choose(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
            className="block w-full text-sm text-stone-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold file:text-stone-800"
          />
        </div>
        {photos.length ? (
          <ul aria-label="Chosen photos" className="space-y-3">
            {photos.map((p, i) => (
              <li key={p.key} className="rounded-xl border border-stone-200 p-3">
                <div className="flex items-center gap-3">
                  {p.upload ? (
                    <img
                      src={p.upload.thumbUrl}
                      alt={`Photo ${i + 1}: ${p.name}`}
                      className="size-16 shrink-0 rounded-lg object-cover"
                    />
                  ) : (
                    <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-xs text-stone-600">
                      {p.error ? 'Failed' : 'Uploading...'}
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold text-stone-900">{p.name}</p>
                    {p.error ? (
                      <p role="alert" className="text-sm text-red-800">
                        {p.error}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setPhotos((all) => all.filter((x) => x.key !== p.key))}
                  >
                    Remove<span className="sr-only"> photo {i + 1}</span>
                  </Button>
                </div>
                {p.upload && scouts.data?.length ? (
                  <fieldset className="mt-2">
                    <legend className="text-sm font-medium text-stone-800">
                      Scouts in photo {i + 1}
                    </legend>
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                      {scouts.data.map((s) => (
                        <label key={s.scoutId} className="inline-flex items-center gap-1.5 text-sm">
                          <input
                            type="checkbox"
                            className="size-4"
                            checked={p.tags.includes(s.scoutId)}
                            onChange={(e) => setTags(p.key, s.scoutId, e.currentTarget.checked)}
                          />
                          {s.name}
                          {s.noPhotos ? (
                            <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                              no photos
                            </span>
                          ) : null}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <MentionPicker
          key={channel}
          userId={userId}
          channel={channel}
          chosen={mentions}
          onChange={setMentions}
        />
        {noPhotos.length ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {SOCIAL_MESSAGES.heldForLeader} ({noPhotos.join(', ')}).
          </p>
        ) : null}
        {waits ? (
          <p className="text-sm text-stone-600">{SOCIAL_MESSAGES.waitsForApproval}.</p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || uploading}>
            {uploading ? 'Uploading photos...' : 'Post'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** A channel chosen by name; `all` adds "All channels" (the feed's picker). */
export function ChannelSelect({
  id,
  label,
  channels,
  value,
  onChange,
  all,
}: {
  id: string;
  label: string;
  channels: readonly WireSocialChannel[];
  value: SocialChannelId | null;
  onChange: (channel: SocialChannelId) => void;
  all?: { label: string; onAll: () => void };
}) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => {
          const chosen = channels.find((c) => c.id === e.currentTarget.value);
          if (chosen) onChange(chosen.id);
          else all?.onAll();
        }}
        className={cx(fieldControlClass, 'cursor-pointer')}
      >
        {all ? <option value="">{all.label}</option> : null}
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
