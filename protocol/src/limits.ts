/** Business constants and limits (docs/product.md section 9), shared by server, SDK and web. */

export const PRODUCT_NAME = 'Scout Leadership Platform';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 200;
export const METADATA_MAX_BYTES = 16 * 1024;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const STORAGE_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_MODIFY_MAX_IMAGES = 50;
export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** Request bodies other than uploads. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;
/** The client treats an access token as expired this long before it really is. */
export const ACCESS_TOKEN_EXPIRY_SKEW_SECONDS = 30;
/** Two tabs refreshing with the same token at once must not sign each other out. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** Lives of the one-time links sent by email: the more a link grants, the shorter it lives. */
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/** Recipients (to, cc and bcc together) of one message sent through the notifications API. */
export const NOTIFICATION_EMAIL_MAX_RECIPIENTS = 10;

export const SIGNUP_METADATA_DELAY_MS = 1000;
export const SIGNUP_REDIRECT_DELAY_MS = 1500;
export const PROFILE_SUCCESS_CLEAR_MS = 3000;

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POPUP_TIMEOUT_MS = 300_000;
export const POPUP_CLOSED_CHECK_MS = 1000;
export const ME_WAIT_TIMEOUT_MS = 5000;
export const PARENT_FRAME_WAIT_MS = 100;

export const HTTP_TIMEOUT_MS = 60_000;
export const HTTP_RETRIES = 3;

export const REALTIME_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const REALTIME_SEND_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_BACKOFF_CAP_MS = 30_000;
export const REALTIME_JITTER_MS = 1000;
/**
 * After a server restart's close (1012) a client reconnects at once, spread over this much so
 * every client of the process does not come back in the same millisecond.
 */
export const REALTIME_RESTART_JITTER_MS = 250;

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 3000;
export const ANALYTICS_STRING_MAX = 256;
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60 * 1000;
/** The collector reads at most this many events from one request, and at most this many bytes. */
export const ANALYTICS_MAX_EVENTS_PER_REQUEST = 100;
export const ANALYTICS_BODY_MAX_BYTES = 256 * 1024;
/** Custom data of one event, once serialised: more is dropped as an invalid event. */
export const ANALYTICS_EVENT_DATA_MAX_BYTES = 4 * 1024;
/** Collector requests per address and minute (a busy page sends one every 3 s). */
export const ANALYTICS_REQUESTS_PER_MINUTE = 120;
/** Events older than this many days are deleted (ANALYTICS_RETENTION_DAYS). */
export const ANALYTICS_RETENTION_DAYS_DEFAULT = 400;
/** The dashboard's "visitors right now". */
export const ANALYTICS_LIVE_WINDOW_MS = 5 * 60 * 1000;
/** Longest custom range the dashboard reads at once. */
export const ANALYTICS_MAX_RANGE_DAYS = 400;

export const MENU_SUBMENU_OPEN_DELAY_MS = 100;
export const MENU_POINTER_GRACE_MS = 300;
export const MENU_TYPEAHEAD_RESET_MS = 1000;
export const AVATAR_INITIALS_MAX = 2;

/** localStorage key existing clients use for a project's tokens (docs/protocol.md, Sessions and tokens). */
export const tokenStorageKey = (projectId: string) => `blink_tokens_${projectId}`;

/** Calendar events: checked by the create form and again by the server. */
export const EVENT_NAME_MAX_LENGTH = 200;
export const EVENT_LINK_MAX_LENGTH = 2048;

/** A provider sign-in (its PKCE verifier, nonce and the client's state) lives this long, used once. */
export const PROVIDER_SIGN_IN_TTL_SECONDS = 600;
/** A mobile app's sign-in waits this long for the browser to finish. */
export const MOBILE_SESSION_TTL_SECONDS = 600;
/** The one-time code a finished mobile sign-in hands the app (by its redirect) works this long. */
export const MOBILE_SIGN_IN_CODE_TTL_SECONDS = 120;
/** How often the SDK asks whether a mobile sign-in has finished. */
export const MOBILE_SESSION_POLL_MS = 2000;

/**
 * AI gateway (docs/protocol.md, AI). Prompts, messages and system text are bounded in
 * characters; the whole request body too (transcription carries audio, so it has its own,
 * larger bound). Audio itself is bounded as the providers bound it.
 */
export const AI_PROMPT_MAX_LENGTH = 32_000;
export const AI_MESSAGES_MAX = 200;
export const AI_MAX_TOKENS_MAX = 32_768;
export const AI_BODY_MAX_BYTES = 1024 * 1024;
export const AI_TRANSCRIBE_AUDIO_MAX_BYTES = 25 * 1024 * 1024;
/** Base64 of the largest audio, plus room for the other fields. */
export const AI_TRANSCRIBE_BODY_MAX_BYTES =
  Math.ceil((AI_TRANSCRIBE_AUDIO_MAX_BYTES * 4) / 3) + 64 * 1024;
export const AI_SCHEMA_MAX_BYTES = 64 * 1024;
export const AI_ENUM_MAX_VALUES = 500;
export const AI_IMAGE_MAX_COUNT = 4;
export const AI_SPEECH_TEXT_MAX_LENGTH = 4096;
/** An image URL a client sends (in messages and to modify): https, at most this long. */
export const AI_URL_MAX_LENGTH = 2048;
/** Images in one text request's messages, at most: each is read by the server (docs/protocol.md, AI). */
export const AI_MESSAGE_IMAGES_MAX = 50;
/** An image to modify, read from its URL, at most. */
export const AI_IMAGE_INPUT_MAX_BYTES = 20 * 1024 * 1024;
/** All images of one modify request together, at most. */
export const AI_IMAGES_INPUT_TOTAL_MAX_BYTES = 50 * 1024 * 1024;
/** One deadline for reading every image (or the audio) a request names by URL on another site. */
export const AI_MEDIA_FETCH_TIMEOUT_MS = 60_000;
/** How long the SDK waits for an AI answer's first byte: a little longer than the server waits for its provider by default. */
export const AI_HTTP_TIMEOUT_MS = 130_000;
/** Web data (docs/protocol.md, Web data): what the server reads from another site at most. */
export const DATA_FETCH_MAX_BYTES = 5 * 1024 * 1024;
/** Pages and files to extract text from (a camp's PDF packing list, a council page). */
export const DATA_EXTRACT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Page captures (scrape, screenshot): what each resource a page loads may weigh, and what the
 * page and all its resources together may (docs/decisions/036-chromium-behind-the-gateway.md).
 */
export const DATA_CAPTURE_RESOURCE_MAX_BYTES = 10 * 1024 * 1024;
export const DATA_CAPTURE_MAX_BYTES = 30 * 1024 * 1024;
/**
 * How often a captured page may navigate itself (meta refresh, scripts setting `location`) before
 * its capture gives up on it; the redirects the gateway follows are not counted.
 */
export const DATA_CAPTURE_MAX_NAVIGATIONS = 5;
/**
 * The most elements a page or HTML document may have to be read as text or markdown: reading
 * one holds the server's thread for a time that grows with them.
 */
export const DATA_PAGE_MAX_ELEMENTS = 50_000;
/** One deadline for a whole outgoing request, redirects included. */
export const DATA_TIMEOUT_MS = 15_000;
/** Chunking: the default and the bounds of `chunkSize`, in characters. */
export const DATA_CHUNK_SIZE_DEFAULT = 1000;
export const DATA_CHUNK_SIZE_MIN = 100;
export const DATA_CHUNK_SIZE_MAX = 100_000;
/** Web-data calls a member may make a minute (service keys: ten times as many). */
export const DATA_CALLS_PER_MINUTE = 30;
/** Screenshots: viewport bounds and the tallest full page captured, in CSS pixels. */
export const SCREENSHOT_MAX_WIDTH = 3840;
export const SCREENSHOT_MAX_HEIGHT = 2160;
export const SCREENSHOT_MAX_PAGE_HEIGHT = 16_384;
