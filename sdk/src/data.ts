/**
 * Web data (docs/protocol.md, Web data) under `/api/data/{projectId}`: text out of pages and
 * files, page captures, requests to other sites through the server and web search. Needs the
 * permission `data.use` (leaders and admins by default). Every failure is a ScoutError of kind
 * `data` carrying the server's status and code (DATA_URL_REFUSED, 413 DATA_CAPTURE_TOO_LARGE
 * for a page loading more than 30 MB, 502 DATA_PAGE_UNSTABLE for a page that keeps navigating
 * away, 503 BROWSER_UNAVAILABLE, 503 BROWSER_FAILED and 502 DATA_CAPTURE_FAILED: try again, ...).
 * Nothing here is retried on its own except search and extraction, which change nothing.
 */
import { DATA_EXTRACT_MAX_BYTES } from '@scout/protocol/limits';
import { asBlob } from './blob.ts';
import { ScoutError, asKind } from './errors.ts';
import type { HttpClient } from './http.ts';

export interface ExtractOptions {
  /** Answer `{chunks}` instead of `{text}`. */
  chunking?: boolean;
  /** Characters per chunk at most (default 1000). */
  chunkSize?: number;
  signal?: AbortSignal;
}
export type ExtractResult = { text: string } | { chunks: string[] };

export type ScrapeFormat = 'markdown' | 'html' | 'links' | 'extract' | 'metadata';
export interface ScrapedLink {
  text: string;
  url: string;
  type: 'internal' | 'external' | 'email' | 'phone';
}
export interface PageMetadata {
  title: string;
  description: string;
  url: string;
  domain: string;
  favicon: string;
  image: string;
  author: string;
  publishedTime: string;
  modifiedTime: string;
  type: string;
  siteName: string;
  locale: string;
  keywords: string[];
}
export interface ScrapeResult {
  markdown?: string;
  html?: string;
  links?: ScrapedLink[];
  extract?: { title: string; description: string; headings: string[]; text: string };
  metadata?: PageMetadata;
}

export interface ScreenshotOptions {
  fullPage?: boolean;
  width?: number;
  height?: number;
  signal?: AbortSignal;
}

export interface FetchRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** `{{NAME}}` in a value is filled by the server with a secret bound to the target's host. */
  headers?: Record<string, string>;
  body?: string | Record<string, unknown> | unknown[];
  query?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
}
export interface FetchResult {
  /** The target's own status: a 404 from the site is an answer, not an error. */
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the site answered JSON, else text. */
  body: unknown;
  durationMs: number;
}

export interface SearchOptions {
  location?: string;
  /** Language: `en`, `en-US`. */
  hl?: string;
  /** News, images, videos or shopping instead of web results. */
  tbm?: 'nws' | 'isch' | 'vid' | 'shop';
  num?: number;
  signal?: AbortSignal;
}
interface Positioned {
  position: number;
  title: string;
  link: string;
}
export interface SearchResult {
  search_information: { query: string; total_results: number };
  organic_results: Array<Positioned & { snippet: string; date?: string }>;
  related_searches: Array<{ query: string }>;
  news_results: Array<Positioned & { snippet: string; source: string; date?: string }>;
  image_results: Array<Positioned & { original: string; thumbnail: string }>;
  video_results: Array<Positioned & { snippet: string; thumbnail: string; duration?: string }>;
  shopping_results: Array<Positioned & { snippet: string; price?: string }>;
  answer_box?: { answer: string };
}

/** What `extractFromBlob` accepts: a File, a Blob, or a Buffer / Uint8Array. */
export type ExtractBody = Blob | Uint8Array;

export interface DataClient {
  extractFromUrl(url: string, options?: ExtractOptions): Promise<ExtractResult>;
  extractFromBlob(file: ExtractBody, options?: ExtractOptions): Promise<ExtractResult>;
  scrape(
    url: string,
    options?: { formats?: ScrapeFormat[]; signal?: AbortSignal },
  ): Promise<ScrapeResult>;
  screenshot(url: string, options?: ScreenshotOptions): Promise<{ url: string }>;
  fetch(request: FetchRequest): Promise<FetchResult>;
  /** Sends the request and answers at once, without waiting for the site. */
  fetchAsync(request: FetchRequest): Promise<{ status: 'triggered'; message: string }>;
  search(q: string, options?: SearchOptions): Promise<SearchResult>;
}

function invalid(message: string): ScoutError {
  return new ScoutError({ kind: 'data', code: 'VALIDATION_ERROR', message, retryable: false });
}

const toDataError = (err: unknown) => asKind(err, 'data', 'Web data request failed');

function toBlob(file: unknown): Blob {
  const blob = asBlob(file);
  if (!blob) throw invalid('extractFromBlob needs a File, a Blob or a Buffer');
  return blob;
}

function checkUrl(url: unknown): string {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url.trim()))
    throw invalid('An http or https URL is required');
  return url.trim();
}

export function createData(http: HttpClient, projectId: string): DataClient {
  const base = `/api/data/${encodeURIComponent(projectId)}`;

  async function call<T>(
    path: string,
    body: unknown,
    opts: { signal?: AbortSignal | undefined; idempotent?: boolean } = {},
  ): Promise<T> {
    try {
      const res = await http.post<T>(`${base}/${path}`, body, {
        signal: opts.signal,
        idempotent: opts.idempotent ?? false,
      });
      return res.data;
    } catch (err) {
      throw toDataError(err);
    }
  }

  const fetchBody = (r: FetchRequest, async: boolean) => {
    checkUrl(r?.url);
    const { url, method, headers, body, query } = r;
    return { url, method, headers, body, query, ...(async ? { async: true } : {}) };
  };

  return {
    async extractFromUrl(url, options = {}) {
      const { chunking, chunkSize, signal } = options;
      return call(
        'extract-from-url',
        { url: checkUrl(url), chunking, chunkSize },
        {
          signal,
          idempotent: true,
        },
      );
    },

    async extractFromBlob(file, options = {}) {
      const blob = toBlob(file);
      if (blob.size === 0) throw invalid('The file is empty');
      if (blob.size > DATA_EXTRACT_MAX_BYTES)
        throw invalid(
          `The file is too large: the limit is ${DATA_EXTRACT_MAX_BYTES / 1024 / 1024} MB`,
        );
      const form = new FormData();
      form.append(
        'file',
        blob,
        typeof File !== 'undefined' && blob instanceof File ? blob.name : 'upload',
      );
      if (options.chunking !== undefined) form.append('chunking', String(options.chunking));
      if (options.chunkSize !== undefined) form.append('chunkSize', String(options.chunkSize));
      return call('extract-from-blob', form, { signal: options.signal, idempotent: true });
    },

    async scrape(url, options = {}) {
      return call(
        'scrape',
        { url: checkUrl(url), formats: options.formats ?? ['markdown', 'metadata'] },
        { signal: options.signal, idempotent: true },
      );
    },

    async screenshot(url, options = {}) {
      const { fullPage, width, height, signal } = options;
      return call('screenshot', { url: checkUrl(url), fullPage, width, height }, { signal });
    },

    async fetch(request) {
      return call('fetch', fetchBody(request, false), { signal: request?.signal });
    },

    async fetchAsync(request) {
      return call('fetch', fetchBody(request, true), { signal: request?.signal });
    },

    async search(q, options = {}) {
      if (typeof q !== 'string' || q.trim() === '') throw invalid('A search needs words');
      const { location, hl, tbm, num, signal } = options;
      return call('search', { q, location, hl, tbm, num }, { signal, idempotent: true });
    },
  };
}
