/**
 * The troop's social feed under `/api/social/{projectId}` (docs/decisions/090-social-feed.md):
 * the caller's channels, the feed a page at a time, one thread, posting with photos, comments,
 * reactions, reports, and for leaders (permission social.moderate) the queue and moderation.
 * The server enforces who reads and writes where; an item one may not see is NOT_FOUND.
 */
import type {
  SocialChannelId,
  SocialCommentInput,
  SocialModeration,
  SocialPostInput,
  SocialReaction,
  WireSocialComment,
  WireSocialHome,
  WireSocialPage,
  WireSocialPost,
  WireSocialQueue,
  WireSocialSettings,
  WireSocialThread,
  WireSocialUpload,
  WireTaggableScout,
} from '@scout/protocol/social';
import { asBlob } from './blob.ts';
import { needs, query, shaped } from './answers.ts';
import { isRecord } from './browser.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export type {
  SocialChannelId,
  SocialCommentInput,
  SocialModeration,
  SocialPostInput,
  SocialReaction,
};
export type SocialHome = WireSocialHome;
export type SocialPage = WireSocialPage;
export type SocialPost = WireSocialPost;
export type SocialComment = WireSocialComment;
export type SocialThread = WireSocialThread;
export type SocialQueue = WireSocialQueue;
export type SocialSettings = WireSocialSettings;
export type SocialUpload = WireSocialUpload;
export type TaggableScout = WireTaggableScout;

export interface SocialListOptions {
  /** One channel; every channel the caller reads when left out. */
  channel?: SocialChannelId;
  /** The `next` of the page before. */
  cursor?: string;
  limit?: number;
}

/** A post's reactions after a change: the counts, and the caller's own. */
export interface SocialReactions {
  reactions: WireSocialPost['reactions'];
  myReactions: SocialReaction[];
}

export interface SocialMember {
  userId: string;
  name: string;
}

export interface SocialClient {
  /** The channels the caller reads, whether they may post, and (leaders) what waits for them. */
  home(): Promise<SocialHome>;
  /** A page of the feed, newest first. */
  listPosts(options?: SocialListOptions): Promise<SocialPage>;
  /** One post with the comments the caller sees, oldest first. */
  getThread(postId: string): Promise<SocialThread>;
  createPost(input: SocialPostInput): Promise<SocialPost>;
  /** Deletes one's own post, its photos too. */
  deletePost(postId: string): Promise<void>;
  addComment(postId: string, input: SocialCommentInput): Promise<SocialComment>;
  deleteComment(commentId: string): Promise<void>;
  /** Adds (`on`) or takes back the caller's reaction; saying it twice is harmless. */
  react(postId: string, reaction: SocialReaction, on: boolean): Promise<SocialReactions>;
  /** The channel's readers, who may be mentioned. */
  members(channel: SocialChannelId): Promise<SocialMember[]>;
  /** Uploads one photo for a post to come. */
  uploadPhoto(file: Blob): Promise<SocialUpload>;
  /** The scouts a poster may tag, each with their "no photos" wish. */
  taggableScouts(): Promise<TaggableScout[]>;
  /** Approve, hide, remove, lock... a post (social.moderate); hide and remove need a reason. */
  moderatePost(postId: string, action: SocialModeration, reason?: string): Promise<SocialPost>;
  moderateComment(
    commentId: string,
    action: SocialModeration,
    reason?: string,
  ): Promise<SocialComment>;
  reportPost(postId: string, reason: string): Promise<void>;
  reportComment(commentId: string, reason: string): Promise<void>;
  /** What waits for a leader: pending and held items, open reports (social.moderate). */
  queue(): Promise<SocialQueue>;
  resolveReport(reportId: string): Promise<void>;
  settings(): Promise<SocialSettings>;
  updateSettings(settings: SocialSettings): Promise<SocialSettings>;
}

const postFrom = (data: unknown) =>
  shaped<{ post: SocialPost }>(
    data,
    (d) => isRecord(d.post) && Array.isArray(d.post.photos),
    'a post',
  ).post;

const commentFrom = (data: unknown) =>
  shaped<{ comment: SocialComment }>(data, (d) => isRecord(d.comment), 'a comment').comment;

export function createSocial(http: HttpClient, projectId: string): SocialClient {
  const root = `/api/social/${encodeURIComponent(projectId)}`;
  const post = (id: string) => `${root}/posts/${encodeURIComponent(id)}`;
  const comment = (id: string) => `${root}/comments/${encodeURIComponent(id)}`;
  const moderation = (body: { action: SocialModeration; reason?: string }) =>
    body.reason ? body : { action: body.action };
  return {
    async home() {
      const res = await http.get<unknown>(`${root}/home`);
      return shaped<SocialHome>(
        res.data,
        (d) => Array.isArray(d.channels) && isRecord(d.me),
        'the feed home',
      );
    },
    async listPosts(options = {}) {
      const { channel, cursor, limit } = options;
      const res = await http.get<unknown>(`${root}/posts${query({ channel, cursor, limit })}`);
      return shaped<SocialPage>(res.data, (d) => Array.isArray(d.posts), 'a page of posts');
    },
    async getThread(postId) {
      needs(postId, 'social.getThread');
      const res = await http.get<unknown>(post(postId));
      return shaped<SocialThread>(
        res.data,
        (d) => isRecord(d.post) && Array.isArray(d.comments),
        'a thread',
      );
    },
    async createPost(input) {
      return postFrom((await http.post<unknown>(`${root}/posts`, input)).data);
    },
    async deletePost(postId) {
      needs(postId, 'social.deletePost');
      await http.delete(post(postId));
    },
    async addComment(postId, input) {
      needs(postId, 'social.addComment');
      return commentFrom((await http.post<unknown>(`${post(postId)}/comments`, input)).data);
    },
    async deleteComment(commentId) {
      needs(commentId, 'social.deleteComment');
      await http.delete(comment(commentId));
    },
    async react(postId, reaction, on) {
      needs(postId, 'social.react');
      // PUT and DELETE of one reaction are idempotent on the server: a retry changes nothing.
      const res = await http.request<unknown>({
        path: `${post(postId)}/reactions/${encodeURIComponent(reaction)}`,
        method: on ? 'PUT' : 'DELETE',
        idempotent: true,
      });
      return shaped<SocialReactions>(
        res.data,
        (d) => isRecord(d.reactions) && Array.isArray(d.myReactions),
        'the reactions',
      );
    },
    async members(channel) {
      const res = await http.get<unknown>(`${root}/members${query({ channel })}`);
      return shaped<{ members: SocialMember[] }>(
        res.data,
        (d) => Array.isArray(d.members),
        'the members',
      ).members;
    },
    async uploadPhoto(file) {
      const blob = asBlob(file);
      if (!blob)
        throw new ScoutError({
          kind: 'validation',
          code: 'VALIDATION_ERROR',
          message: 'social.uploadPhoto needs a file',
          retryable: false,
        });
      const form = new FormData();
      const name = blob instanceof File && blob.name ? blob.name : 'photo';
      form.append('file', blob, name);
      const res = await http.post<unknown>(`${root}/photos`, form);
      return shaped<SocialUpload>(
        res.data,
        (d) => typeof d.id === 'string' && typeof d.thumbUrl === 'string',
        'an uploaded photo',
      );
    },
    async taggableScouts() {
      const res = await http.get<unknown>(`${root}/scouts`);
      return shaped<{ scouts: TaggableScout[] }>(
        res.data,
        (d) => Array.isArray(d.scouts),
        'the scouts',
      ).scouts;
    },
    async moderatePost(postId, action, reason) {
      needs(postId, 'social.moderatePost');
      const body = moderation({ action, reason });
      return postFrom((await http.post<unknown>(`${post(postId)}/moderation`, body)).data);
    },
    async moderateComment(commentId, action, reason) {
      needs(commentId, 'social.moderateComment');
      const body = moderation({ action, reason });
      return commentFrom((await http.post<unknown>(`${comment(commentId)}/moderation`, body)).data);
    },
    async reportPost(postId, reason) {
      needs(postId, 'social.reportPost');
      await http.post(`${post(postId)}/report`, { reason });
    },
    async reportComment(commentId, reason) {
      needs(commentId, 'social.reportComment');
      await http.post(`${comment(commentId)}/report`, { reason });
    },
    async queue() {
      const res = await http.get<unknown>(`${root}/queue`);
      return shaped<SocialQueue>(
        res.data,
        (d) => Array.isArray(d.posts) && Array.isArray(d.comments) && Array.isArray(d.reports),
        'the queue',
      );
    },
    async resolveReport(reportId) {
      needs(reportId, 'social.resolveReport');
      await http.post(`${root}/reports/${encodeURIComponent(reportId)}/resolve`, {});
    },
    async settings() {
      const res = await http.get<unknown>(`${root}/settings`);
      return shaped<SocialSettings>(
        res.data,
        (d) => typeof d.youthPostsNeedApproval === 'boolean',
        'the settings',
      );
    },
    async updateSettings(settings) {
      const res = await http.request<unknown>({
        path: `${root}/settings`,
        method: 'PUT',
        body: { youthPostsNeedApproval: settings.youthPostsNeedApproval },
        idempotent: true,
      });
      return shaped<SocialSettings>(
        res.data,
        (d) => typeof d.youthPostsNeedApproval === 'boolean',
        'the settings',
      );
    },
  };
}
