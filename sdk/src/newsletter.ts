/**
 * The troop's newsletter under `/api/newsletter/{projectId}` (docs/decisions/081-newsletter-posts.md):
 * the archive of sent posts one reads, one post with its parts, marking it read, the unread
 * announcements for the banner, and the writers' drafts, schedule, preview, patrols and images
 * (permission newsletter.write).
 */
import type {
  NewsletterAudience,
  NewsletterDraft,
  NewsletterKind,
  NewsletterStatus,
  WireNewsletterPage,
  WireNewsletterPost,
  WireNewsletterSummary,
} from '@scout/protocol/newsletter';
import { asBlob } from './blob.ts';
import { needs, query, shaped } from './answers.ts';
import { isRecord } from './browser.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export type { NewsletterAudience, NewsletterDraft, NewsletterKind, NewsletterStatus };
export type NewsletterSummary = WireNewsletterSummary;
export type NewsletterPost = WireNewsletterPost;
export type NewsletterPage = WireNewsletterPage;

export interface NewsletterListOptions {
  /** Words that must all appear in the title or the body (case ignored). */
  q?: string;
  /** The `next` of the page before. */
  cursor?: string;
  limit?: number;
  /** The troop's unsent posts (writers only); the sent archive when left out. */
  status?: 'draft' | 'scheduled';
}

/** What the mail and the app will show, before it is saved. */
export interface NewsletterPreview {
  parts: WireNewsletterPost['parts'];
  mailHtml: string;
  text: string;
  subject: string;
}

/** An uploaded image, to be written into the post as `![alt](src)`. */
export interface NewsletterImage {
  src: string;
  width: number;
  height: number;
}

export interface NewsletterClient {
  /** A page of the archive, newest first, with the unread count; or the writers' drafts/scheduled. */
  listPosts(options?: NewsletterListOptions): Promise<NewsletterPage>;
  /** One post; NOT_FOUND too for a post one may not read. */
  getPost(id: string): Promise<NewsletterPost>;
  /** Marks the post read by the caller; saying it twice is harmless. */
  markRead(id: string): Promise<void>;
  /** The sent announcements one has not read yet, newest first. */
  banner(): Promise<NewsletterSummary[]>;
  /** Saves a new draft (newsletter.write). */
  createPost(draft: NewsletterDraft): Promise<NewsletterPost>;
  /** Changes a post (newsletter.write); a sent one is marked edited. */
  updatePost(id: string, changes: Partial<NewsletterDraft>): Promise<NewsletterPost>;
  deletePost(id: string): Promise<void>;
  /**
   * Schedules the post for `at` (an ISO instant), or sends it now (newsletter.write);
   * NEWSLETTER_ALREADY_SENT when it went out already.
   */
  sendPost(id: string, options?: { at?: string }): Promise<NewsletterPost>;
  /** Takes a scheduled post back to a draft; NEWSLETTER_ALREADY_SENT when too late. */
  unschedulePost(id: string): Promise<NewsletterPost>;
  /** Renders a draft as the app and the mail will show it (newsletter.write). */
  preview(draft: Pick<NewsletterDraft, 'kind' | 'title' | 'body'>): Promise<NewsletterPreview>;
  /** The troop's scouts' patrol names, sorted (newsletter.write). */
  patrols(): Promise<string[]>;
  /** Uploads one image for a post (newsletter.write). */
  uploadImage(file: Blob): Promise<NewsletterImage>;
}

function invalid(message: string): ScoutError {
  return new ScoutError({
    kind: 'validation',
    code: 'VALIDATION_ERROR',
    message,
    retryable: false,
  });
}

const postFrom = (data: unknown) =>
  shaped<{ post: NewsletterPost }>(
    data,
    (d) => isRecord(d.post) && Array.isArray(d.post.parts),
    'a post',
  ).post;

export function createNewsletter(http: HttpClient, projectId: string): NewsletterClient {
  const root = `/api/newsletter/${encodeURIComponent(projectId)}`;
  const post = (id: string) => `${root}/posts/${encodeURIComponent(id)}`;
  return {
    async listPosts(options = {}) {
      const { q, cursor, limit, status } = options;
      const res = await http.get<unknown>(`${root}/posts${query({ q, cursor, limit, status })}`);
      return shaped<NewsletterPage>(
        res.data,
        (d) => Array.isArray(d.posts) && typeof d.unread === 'number',
        'a page of posts',
      );
    },
    async getPost(id) {
      needs(id, 'newsletter.getPost');
      return postFrom((await http.get<unknown>(post(id))).data);
    },
    async markRead(id) {
      needs(id, 'newsletter.markRead');
      // Idempotent on the server: a retry after a lost answer changes nothing.
      await http.post(`${post(id)}/read`, {}, { idempotent: true });
    },
    async banner() {
      const res = await http.get<unknown>(`${root}/banner`);
      return shaped<{ announcements: NewsletterSummary[] }>(
        res.data,
        (d) => Array.isArray(d.announcements),
        'the unread announcements',
      ).announcements;
    },
    async createPost(draft) {
      return postFrom((await http.post<unknown>(`${root}/posts`, draft)).data);
    },
    async updatePost(id, changes) {
      needs(id, 'newsletter.updatePost');
      return postFrom((await http.patch<unknown>(post(id), changes)).data);
    },
    async deletePost(id) {
      needs(id, 'newsletter.deletePost');
      await http.delete(post(id));
    },
    async sendPost(id, options = {}) {
      needs(id, 'newsletter.sendPost');
      const body = options.at ? { at: options.at } : {};
      return postFrom((await http.post<unknown>(`${post(id)}/send`, body)).data);
    },
    async unschedulePost(id) {
      needs(id, 'newsletter.unschedulePost');
      return postFrom((await http.post<unknown>(`${post(id)}/unschedule`, {})).data);
    },
    async preview(draft) {
      const { kind, title, body } = draft;
      const res = await http.post<unknown>(`${root}/preview`, { kind, title, body });
      return shaped<NewsletterPreview>(
        res.data,
        (d) => Array.isArray(d.parts) && typeof d.mailHtml === 'string',
        'a preview',
      );
    },
    async patrols() {
      const res = await http.get<unknown>(`${root}/patrols`);
      return shaped<{ patrols: string[] }>(res.data, (d) => Array.isArray(d.patrols), 'patrols')
        .patrols;
    },
    async uploadImage(file) {
      const blob = asBlob(file);
      if (!blob) throw invalid('newsletter.uploadImage needs a file');
      const form = new FormData();
      const name = blob instanceof File && blob.name ? blob.name : 'image';
      form.append('file', blob, name);
      const res = await http.post<unknown>(`${root}/images`, form);
      return shaped<NewsletterImage>(
        res.data,
        (d) => typeof d.src === 'string' && typeof d.width === 'number',
        'an uploaded image',
      );
    },
  };
}
