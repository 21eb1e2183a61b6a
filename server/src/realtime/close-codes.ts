/**
 * The WebSocket close codes the server ends a client socket with (protocol/src/realtime-close-codes.ts).
 * Named here because the frame handling (socket.ts) and the session checks (session-watch.ts)
 * both close sockets.
 */
export {
  REALTIME_CLOSE_POLICY as CLOSE_POLICY,
  REALTIME_CLOSE_SERVICE_RESTART as CLOSE_SERVICE_RESTART,
  REALTIME_CLOSE_TOO_BIG as CLOSE_TOO_BIG,
  REALTIME_CLOSE_TRY_LATER as CLOSE_TRY_LATER,
  REALTIME_CLOSE_UNSUPPORTED as CLOSE_UNSUPPORTED,
} from '@scout/protocol/realtime-close-codes';
