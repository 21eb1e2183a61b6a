/**
 * What every AI operation needs: the provider, the meter, and for each call who asks, a
 * signal that fires when they go away, and a logger that never receives prompts or answers.
 */
import type { Logger } from 'pino';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { StorageContext } from '../storage/storage-service.ts';
import type { OutboundClient } from '../web-data/outbound-client.ts';
import type { AiMeter } from './meter.ts';
import type { AiProvider } from './provider.ts';

export interface AiContext {
  provider: AiProvider;
  meter: AiMeter;
  /** Where generated images and audio are stored and served from. */
  storage: StorageContext;
  /** How images and audio named by another site's URL are read (remote-media.ts). */
  remote: RemoteReads;
}

export interface RemoteReads {
  client: OutboundClient;
  /**
   * For links the providers answer (generated images): the same checks, and the providers' own
   * hosts allowed besides, since a troop's local provider serves its files from its own address.
   */
  providerLinks: OutboundClient;
  /** One deadline for what one request reads from other sites. */
  timeoutMs: number;
}

export interface AiCall {
  caller: SignedInCaller;
  clientGone: AbortSignal;
  log: Pick<Logger, 'warn'>;
}
