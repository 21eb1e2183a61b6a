/**
 * What every AI operation needs: the provider, the meter, and for each call who asks, a
 * signal that fires when they go away, and a logger that never receives prompts or answers.
 */
import type { Logger } from 'pino';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { StorageContext } from '../storage/storage-service.ts';
import type { AiMeter } from './meter.ts';
import type { AiProvider } from './provider.ts';

export interface AiContext {
  provider: AiProvider;
  meter: AiMeter;
  /** Where generated images and audio are stored and served from. */
  storage: StorageContext;
}

export interface AiCall {
  caller: SignedInCaller;
  clientGone: AbortSignal;
  log: Pick<Logger, 'warn'>;
}
