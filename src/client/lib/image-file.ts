import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '#shared/contract/users.ts';

export const IMAGE_ACCEPT = UPLOAD_TYPES.join(',');

/**
 * The browser-side check of a picture before it is sent (the server checks the bytes again): a translation
 * key when the file cannot be uploaded, else null.
 */
export function imageFileProblem(file: File): 'users.upload.wrongType' | 'users.upload.tooLarge' | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'users.upload.wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'users.upload.tooLarge';
  return null;
}
