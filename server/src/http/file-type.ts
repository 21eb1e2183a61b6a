/**
 * file-type's sniffers, loaded at the first file looked at: the package takes about 10 MB a
 * server holds for nothing until someone uploads, fetches or generates a file.
 */
type FileTypes = typeof import('file-type');

let loading: Promise<FileTypes> | undefined;
const fileTypes = () => (loading ??= import('file-type'));

export const fileTypeFromBuffer: FileTypes['fileTypeFromBuffer'] = async (...args) =>
  (await fileTypes()).fileTypeFromBuffer(...args);

export const fileTypeFromFile: FileTypes['fileTypeFromFile'] = async (...args) =>
  (await fileTypes()).fileTypeFromFile(...args);
