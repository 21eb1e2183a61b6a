import { useState } from 'react';
import type { SocialPost } from '@scout/sdk/social';
import { Dialog } from '../../ui/dialog.tsx';

type Photo = SocialPost['photos'][number];

function photoName(photo: Photo, index: number, count: number, author: string): string {
  const who = photo.tags.length ? `, with ${photo.tags.map((t) => t.name).join(', ')}` : '';
  return `Photo ${index + 1} of ${count} by ${author}${who}`;
}

/** The post's photos as thumbnails; opening one shows it at full size. */
export function PhotoGrid({ photos, author }: { photos: Photo[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul
        aria-label="Photos"
        className={photos.length === 1 ? 'mt-3' : 'mt-3 grid grid-cols-2 gap-1.5 sm:grid-cols-3'}
      >
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block w-full cursor-pointer overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600"
            >
              <img
                src={photo.thumbUrl}
                width={photo.thumbWidth}
                height={photo.thumbHeight}
                alt={photoName(photo, i, photos.length, author)}
                loading="lazy"
                className="aspect-[4/3] w-full bg-stone-100 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={shown !== null && shown !== undefined}
        onOpenChange={(o) => {
          if (!o) setOpen(null);
        }}
        title={shown ? photoName(shown, open ?? 0, photos.length, author) : ''}
        className="max-w-3xl"
      >
        {shown ? (
          <img
            src={shown.url}
            width={shown.width}
            height={shown.height}
            alt=""
            className="mt-3 h-auto max-h-[75dvh] w-full rounded-lg object-contain"
          />
        ) : null}
      </Dialog>
    </>
  );
}
