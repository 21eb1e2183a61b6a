/**
 * The sanitiser's allow-list for a rendered post (docs/decisions/080-newsletter-format.md): the
 * few tags the Markdown subset makes, no style/class/id, links and images through url-policy.ts.
 * Two versions differ only in addresses: the app's keeps the app's paths relative and opens
 * outside sites in a new tab; the mail's makes every link absolute and sets no target. Both keep
 * an image's stored path: the app signs it for its reader, the mail carries the image inline
 * (post-images.ts), so neither ever names a public address of a troop's photo.
 */
import { troopAddress } from '@scout/protocol/app-paths';
import type { IOptions, Transformer } from 'sanitize-html';
import { linkTarget, storedImagePath } from './url-policy.ts';

export interface RenderPlace {
  /** The troop the post is read in: its app holds the linked screens, its storage the images. */
  projectId: string;
  /**
   * The unit whose storage holds the post's images when it is not `projectId`'s: a council's
   * post mailed into one of its troops links to that troop's screens, shows the council's images.
   */
  imagesProjectId?: string;
  /** The server's own troop, whose addresses carry no `troop` parameter. */
  homeProjectId: string;
  /** The app's public origin, e.g. `https://troop12.example`, for the mail's absolute links. */
  publicUrl: string;
}

export const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'p', 'br', 'hr', 'blockquote',
  'em', 'strong', 'code',
  'ul', 'ol', 'li',
  'a', 'img',
] as const; // prettier-ignore

export const ALLOWED_ATTRIBUTES = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
} satisfies Record<string, string[]>;

const REL = 'noopener noreferrer';

/** An app path as the mail links to it: absolute, in the post's troop. */
export const mailAddress = (path: string, place: RenderPlace): string =>
  `${place.publicUrl.replace(/\/+$/, '')}${troopAddress(path, place.projectId, place.homeProjectId)}`;

/** The project id whose stored images the post may show. */
export const imagesOf = (place: RenderPlace): string => place.imagesProjectId ?? place.projectId;

export function allowList(version: 'app' | 'mail', place: RenderPlace): IOptions {
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: {
      ...ALLOWED_ATTRIBUTES,
      a: ALLOWED_ATTRIBUTES.a.filter((name) => version === 'app' || name !== 'target'),
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedClasses: {},
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (_tag, attribs): ReturnType<Transformer> => {
        const target = linkTarget(attribs.href ?? '');
        // A refused link keeps its words: an unknown tag is dropped and its text kept.
        if (!target) return { tagName: 'span', attribs: {} };
        const out: Record<string, string> = {};
        if (attribs.title !== undefined) out.title = attribs.title;
        if (target.kind === 'app') {
          out.href = version === 'app' ? target.path : mailAddress(target.path, place);
        } else {
          out.href = target.href;
          out.rel = REL;
          if (version === 'app') out.target = '_blank';
        }
        return { tagName: 'a', attribs: out };
      },
      img: (_tag, attribs): ReturnType<Transformer> => {
        const path = storedImagePath(attribs.src ?? '', imagesOf(place));
        if (!path) return { tagName: 'img', attribs: {} };
        return {
          tagName: 'img',
          attribs: {
            src: path,
            alt: attribs.alt ?? '',
            ...(attribs.title === undefined ? {} : { title: attribs.title }),
          },
        };
      },
    },
    // An image whose source was refused leaves nothing behind, not even an empty frame.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}
