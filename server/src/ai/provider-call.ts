/**
 * One call to a provider on a member's behalf, shared by every capability: admitted by the
 * budget first, then a provider place taken for the call alone (docs/decisions/033-ai-budgets-and-usage.md).
 */
import type { AiCapability } from './ai-config.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import type { ProviderLease } from './provider.ts';
import type { Usage } from './stream-lines.ts';

/** Usage as budgets record it, from a total and the part of it the prompt took. */
export const tokens = (total: number, prompt = 0): Usage => ({
  promptTokens: prompt,
  completionTokens: total - prompt,
  totalTokens: total,
});

/**
 * One provider call within the caller's budget. `prepare` runs once the caller is admitted and
 * before a provider place is taken: reading what a request names by URL spends neither a
 * member's budget past its end nor the provider's time.
 */
export async function withLease<T, P = undefined>(
  ctx: AiContext,
  call: AiCall,
  capability: AiCapability,
  model: string | undefined,
  run: (lease: ProviderLease, prepared: P) => Promise<T>,
  prepare?: () => Promise<P>,
): Promise<{ result: T; model: string }> {
  ctx.provider.assertConfigured(capability);
  await ctx.meter.admit(call.caller);
  const prepared = (prepare ? await prepare() : undefined) as P;
  const lease = await ctx.provider.lease(capability, model, call.clientGone, call.log);
  try {
    return { result: await run(lease, prepared), model: lease.model };
  } catch (err) {
    throw lease.failure(err);
  } finally {
    lease.release();
  }
}
