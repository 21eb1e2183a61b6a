/**
 * Who the socket acts as. A socket acts as the user whose token it sent, for its whole life (the
 * server never switches it), so a different user signing in or out needs a new socket; a
 * refreshed token of the same user does not. This keeps who the auth client says is signed in
 * beside who was when the socket took its token, so the client (realtime.ts) knows when to
 * reconnect.
 */
export class SocketUser {
  /** Who the auth client says is signed in, and who was when the socket took its token. */
  private authUser: string | null = null;
  private socketUser: string | null = null;
  private asked = 0;

  constructor(private readonly tokenSource: () => Promise<string | null>) {}

  /** The token for a new socket, noting whom it belongs to. */
  readonly getToken = async (): Promise<string | null> => {
    const ask = ++this.asked;
    const user = this.authUser;
    const token = await this.tokenSource();
    // Only the newest connect's token goes on a socket; an overtaken one gives up.
    if (ask === this.asked) this.socketUser = user;
    return token;
  };

  /**
   * Notes who is signed in now; true when that changed and the socket acts as someone else, so
   * a live socket must be replaced.
   */
  signedIn(id: string | null): boolean {
    const was = this.authUser;
    this.authUser = id;
    return was !== id && this.socketUser !== id;
  }
}
