/**
 * The fields of an upload's multipart body (docs/protocol.md, Storage): `path`, and `options`
 * as JSON text (`{"upsert":true}`; a JSON-typed part arrives already parsed), or an `upsert`
 * field of its own. Read once the file has streamed to disk (receive-upload.ts), so they are a
 * schema over the parts rather than the route's body schema; any refusal is the storage message.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { HIDDEN_TEXT_CONTROL_REFUSAL } from '@scout/protocol/file-names';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { checkNewStoragePath } from './paths.ts';

const refused = (ctx: z.RefinementCtx, message: string = UI_MESSAGES.storageInvalid) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A path a new file may be stored at (paths.ts), its percent escapes decoded. */
const storagePath = z.unknown().transform((raw, ctx) => {
  const checked = checkNewStoragePath(raw);
  if (checked.ok) return checked.path;
  return refused(
    ctx,
    checked.reason === 'hidden text control' ? HIDDEN_TEXT_CONTROL_REFUSAL : undefined,
  );
});

/** JSON text is read as JSON; anything else as it came. */
const options = z
  .unknown()
  .optional()
  .transform((value, ctx): unknown => {
    if (typeof value !== 'string' || value.trim() === '') return value;
    try {
      return JSON.parse(value);
    } catch {
      return refused(ctx);
    }
  });

const isTrue = (value: unknown) => value === true || value === 'true';

export const uploadFields = z
  .object({ path: storagePath, options, upsert: z.unknown().optional() })
  .transform(({ path, options, upsert }) => ({
    path,
    upsert: isTrue(
      options && typeof options === 'object' ? (options as { upsert?: unknown }).upsert : upsert,
    ),
  }));

export function readUploadFields(fields: Record<string, unknown>): z.output<typeof uploadFields> {
  const read = uploadFields.safeParse(fields);
  if (read.success) return read.data;
  // The storage message clients know, with what to do about a name that hides its real order.
  const hidden = read.error.issues.some((i) => i.message === HIDDEN_TEXT_CONTROL_REFUSAL);
  throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid, {
    details: hidden ? HIDDEN_TEXT_CONTROL_REFUSAL : null,
  });
}
