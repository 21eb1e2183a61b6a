/**
 * What uploads and extraction accept, as one Blob: a File, a Blob, or a Buffer / Uint8Array;
 * null for anything else.
 */
export function asBlob(file: unknown): Blob | null {
  if (typeof Blob !== 'undefined' && file instanceof Blob) return file;
  if (file instanceof Uint8Array) {
    // A view over shared memory cannot go into a Blob; copy it into an ordinary buffer first.
    const bytes =
      file.buffer instanceof ArrayBuffer ? (file as Uint8Array<ArrayBuffer>) : new Uint8Array(file);
    return new Blob([bytes]);
  }
  return null;
}
