/**
 * The WebSocket close codes the realtime socket ends with (docs/protocol.md, Realtime), shared by
 * the server that sends them and the SDK that acts on them.
 */
export const REALTIME_CLOSE_UNSUPPORTED = 1003;
/** A refused token, an ended session, a flood: the conversation is over. */
export const REALTIME_CLOSE_POLICY = 1008;
export const REALTIME_CLOSE_TOO_BIG = 1009;
/**
 * The server is stopping to restart (or hand over to another process): come back at once and
 * resubscribe with the last message seen, rather than after the backoff.
 */
export const REALTIME_CLOSE_SERVICE_RESTART = 1012;
/** The socket fell too far behind reading what it was sent. */
export const REALTIME_CLOSE_TRY_LATER = 1013;
