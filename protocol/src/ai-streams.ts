/**
 * How the AI gateway writes its streams (docs/protocol.md, AI), the values of `streamFormat`.
 * Text: `both` (the default) serves both client generations in one response; `lines` writes the
 * older generation's `f:`/`0:`/`d:` lines alone, for readers that fail on any other line (the
 * Vercel AI SDK 4 data-stream parser). Objects: `lines` (`2:` partials then `d:`) or `text`
 * (the growing JSON text); the server's AI_OBJECT_STREAM is the default.
 */
export const TEXT_STREAM_FORMATS = ['both', 'lines'] as const;
export type TextStreamFormat = (typeof TEXT_STREAM_FORMATS)[number];

export const OBJECT_STREAM_FORMATS = ['lines', 'text'] as const;
export type ObjectStreamFormat = (typeof OBJECT_STREAM_FORMATS)[number];
