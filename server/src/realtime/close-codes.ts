/**
 * The WebSocket close codes the server ends a client socket with. In their own file because the
 * frame handling (socket.ts) and the session checks (session-watch.ts) both close sockets.
 */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_UNSUPPORTED = 1003;
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_TRY_LATER = 1013;
