/**
 * The AI module's input rules (docs/protocol.md, AI), checked before any request: text
 * needs a prompt or messages; images to modify are at most 50 https URLs (http too for the
 * server's own files, when it is served over http) ending in jpg, jpeg, png, gif or webp;
 * audio to transcribe is a string, an array of bytes, a Uint8Array or an ArrayBuffer. A broken
 * rule is a ScoutError of kind `ai`, code VALIDATION_ERROR.
 */
import { IMAGE_FORMATS, IMAGE_MODIFY_MAX_IMAGES } from '@scout/protocol/limits';
import { ScoutError } from './errors.ts';

export function invalidAi(message: string): ScoutError {
  return new ScoutError({ kind: 'ai', code: 'VALIDATION_ERROR', message, retryable: false });
}

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkTextInput(input: unknown): void {
  if (!isRecord(input)) throw invalidAi('Text generation needs a prompt or messages');
  const hasPrompt = present(input.prompt);
  const hasMessages = Array.isArray(input.messages) && input.messages.length > 0;
  if (!hasPrompt && !hasMessages) throw invalidAi('Text generation needs a prompt or messages');
}

export function checkObjectInput(input: unknown): void {
  if (!isRecord(input) || !present(input.prompt)) throw invalidAi('An object needs a prompt');
  if (input.output === 'enum') {
    if (!Array.isArray(input.enum) || input.enum.length === 0)
      throw invalidAi('An enum output needs enum values');
  } else if (input.schema !== undefined && !isRecord(input.schema))
    // Without one, the answer is any JSON object (or an array of anything).
    throw invalidAi('The schema must be a JSON Schema object');
}

export function checkPrompt(input: unknown, what: string): void {
  if (!isRecord(input) || !present(input.prompt)) throw invalidAi(`${what} needs a prompt`);
}

const IMAGE_PATH = new RegExp(`\\.(${IMAGE_FORMATS.join('|')})$`, 'i');

/** The origin of the server a client talks to, when it can be known. */
export function serverOrigin(baseUrl: string): string | undefined {
  try {
    const here = (globalThis as { location?: { href?: string } }).location?.href;
    return new URL(baseUrl || '/', here).origin;
  } catch {
    return undefined;
  }
}

/**
 * Images to modify are https URLs; a troop served over http (its own files are http URLs)
 * may name files of its own server over http too, never anyone else's.
 */
export function checkImagesToModify(images: unknown, ownOrigin?: string): void {
  if (!Array.isArray(images) || images.length === 0)
    throw invalidAi('Modifying images needs at least one image URL');
  if (images.length > IMAGE_MODIFY_MAX_IMAGES)
    throw invalidAi(`At most ${IMAGE_MODIFY_MAX_IMAGES} images can be modified at once`);
  for (const image of images) {
    let url: URL | undefined;
    try {
      url = typeof image === 'string' ? new URL(image) : undefined;
    } catch {
      url = undefined;
    }
    const own = url?.protocol === 'http:' && ownOrigin !== undefined && url.origin === ownOrigin;
    if (!url || (url.protocol !== 'https:' && !own))
      throw invalidAi(
        `Images to modify must be https URLs (or this server's own files): ${String(image)}`,
      );
    if (!IMAGE_PATH.test(url.pathname))
      throw invalidAi(`Images to modify must end in ${IMAGE_FORMATS.join(', ')}: ${image}`);
  }
}

export function checkSpeechInput(input: unknown): void {
  if (!isRecord(input) || !present(input.text)) throw invalidAi('Speech needs text');
}

/** The audio as the wire takes it: strings as they are, bytes as numbers or base64. */
export function audioForWire(audio: unknown): string | number[] {
  if (typeof audio === 'string') {
    if (audio.trim() === '') throw invalidAi('Audio to transcribe is empty');
    return audio;
  }
  if (Array.isArray(audio)) {
    if (audio.length === 0) throw invalidAi('Audio to transcribe is empty');
    if (!audio.every((b) => Number.isInteger(b) && b >= 0 && b <= 255))
      throw invalidAi('Audio as an array must hold bytes (whole numbers from 0 to 255)');
    return audio as number[];
  }
  if (audio instanceof Uint8Array || audio instanceof ArrayBuffer) {
    const bytes = audio instanceof Uint8Array ? audio : new Uint8Array(audio);
    if (bytes.length === 0) throw invalidAi('Audio to transcribe is empty');
    return toBase64(bytes);
  }
  throw invalidAi('Audio to transcribe must be a string, an array, a Uint8Array or an ArrayBuffer');
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with every byte as an argument overflows the stack for long audio.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
