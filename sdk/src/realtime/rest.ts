/**
 * What a realtime client asks over HTTP rather than the socket (docs/protocol.md, Realtime):
 * who is on a channel, its stored messages, and publishing from a page that never listens.
 */
import { HttpClient } from '../http.ts';
import type { HistoryOptions } from './channel.ts';
import type { PresenceUser, RealtimeMessage } from './types.ts';

export class RealtimeRest {
  private readonly base: string;

  constructor(
    private readonly http: HttpClient,
    projectId: string,
  ) {
    this.base = `/api/realtime/${encodeURIComponent(projectId)}`;
  }

  async presence(channel: string): Promise<PresenceUser[]> {
    const res = await this.http.get<{ users: PresenceUser[] }>(`${this.base}/presence`, {
      query: { channel },
    });
    return res.data.users;
  }

  async history(channel: string, options: HistoryOptions): Promise<RealtimeMessage[]> {
    const res = await this.http.get<{ messages: RealtimeMessage[] }>(`${this.base}/messages`, {
      query: { channel, limit: options.limit, start: options.start, end: options.end },
    });
    return res.data.messages;
  }

  async publish(channel: string, type: string, data: unknown): Promise<string> {
    const res = await this.http.post<{ messageId: string }>(`${this.base}/publish`, {
      channel,
      type,
      data: data ?? null,
    });
    return res.data.messageId;
  }
}

/** An HTTP client of its own, for a realtime client made without one: signed in by `getToken`. */
export function standaloneHttp(
  baseUrl: string,
  getToken: () => Promise<string | null>,
): HttpClient {
  const http = new HttpClient({ baseUrl });
  http.useTokens({ getValidAccessToken: getToken, refreshAfterRejection: async () => null });
  return http;
}
