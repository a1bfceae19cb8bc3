/**
 * Every uploaded image is decoded and re-encoded by sharp (SECURITY.md §1.6 F3/F4): pixel limit, EXIF
 * orientation applied, metadata stripped (no EXIF, GPS, ICC, comments), WebP out. Whatever else the
 * original carried (a trailing archive, a script in a comment) does not survive.
 */
import sharp, { type FormatEnum, type Metadata } from 'sharp';

import { badRequest } from '../../lib/http-error.ts';

/** Largest decoded image: 40 megapixels (sharp's default is 268 MP, SECURITY.md §0.9). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** How an image is resized: avatars fill 512×512, covers at most 1920 wide, photos and attachments fit a box. */
export type ImagePreset = 'avatar' | 'cover' | 'photo' | 'attachment';

/** sharp's name of each raster type we accept. */
const FORMATS: Record<string, keyof FormatEnum> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

const unreadable = () => badRequest('The image could not be read', 'INVALID_IMAGE');

/**
 * Checks, without re-encoding, that the image at `input` is what its bytes say (`mimeType`) and reads its
 * size: the file manager keeps the bytes a person stored (ADR 046), full resolution and metadata included.
 */
export async function imageSize(input: string, mimeType: string): Promise<{ width: number; height: number }> {
  const format = FORMATS[mimeType];
  if (!format) throw badRequest('Upload a PNG, JPEG or WebP image', 'UNSUPPORTED_IMAGE');
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw unreadable();
  return { width: metadata.width, height: metadata.pageHeight ?? metadata.height };
}

/**
 * Re-encodes the image at `input` (a path or bytes) whose bytes say it is `mimeType`. The decoder must agree
 * with the magic number, and the header's pixel count is checked before anything is decoded.
 */
export async function reencodeImage(
  input: string | Buffer,
  mimeType: string,
  preset: ImagePreset,
): Promise<EncodedImage> {
  const format = FORMATS[mimeType];
  if (!format) throw badRequest('Upload a PNG, JPEG or WebP image', 'UNSUPPORTED_IMAGE');
  // Animation is kept for attachments (a GIF stays moving); profile pictures take the first frame.
  const animated = preset === 'attachment' && (format === 'gif' || format === 'webp');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format) throw badRequest('Upload a PNG, JPEG or WebP image', 'UNSUPPORTED_IMAGE');
  if (!metadata.width || !metadata.height) throw unreadable();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > MAX_INPUT_PIXELS) {
    throw badRequest('The image has too many pixels (at most 40 megapixels)', 'IMAGE_TOO_LARGE');
  }
  // EXIF orientation is a still-image thing; animated GIF and WebP frames are taken as they are.
  let pipeline = animated ? sharp(input, options) : sharp(input, options).rotate();
  if (preset === 'avatar') pipeline = pipeline.resize(512, 512, { fit: 'cover', position: 'attention' });
  else if (preset === 'cover') pipeline = pipeline.resize({ width: 1920, withoutEnlargement: true });
  else if (preset === 'photo')
    pipeline = pipeline.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true });
  else pipeline = pipeline.resize(2560, 2560, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw unreadable();
  }
}
