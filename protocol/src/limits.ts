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

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 3000;
export const ANALYTICS_STRING_MAX = 256;
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60 * 1000;

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
/** A mobile app's pending sign-in session waits this long for the browser to finish. */
export const MOBILE_SESSION_TTL_SECONDS = 600;
/** How often the SDK asks whether a mobile sign-in has finished. */
export const MOBILE_SESSION_POLL_MS = 2000;
