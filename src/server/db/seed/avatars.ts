/** Demo pictures drawn offline: initials on a coloured square, and a two-colour cover. No network. */
import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

import type { Random } from './random.ts';

export const AVATAR_COLOURS = [
  '#00A76F',
  '#8E33FF',
  '#00B8D9',
  '#22C55E',
  '#FFAB00',
  '#FF5630',
  '#078DEE',
  '#7A4100',
  '#5119B7',
  // Grey, not the dark paper colour (#1C252E): a dark-mode avatar must stand out from its card.
  '#637381',
] as const;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** 32 hex digits from the seeded PRNG: the same demo file names on every machine. */
export function seededFileName(random: Random): string {
  let hex = '';
  for (let i = 0; i < 4; i++)
    hex += Math.floor(random.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return `${hex}.webp`;
}

export const AVATAR_SIZE = 256;

export function renderAvatar(initials: string, colour: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}">` +
    `<rect width="100%" height="100%" fill="${colour}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="104" ` +
    `font-weight="600" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export const COVER_SIZE = { width: 1200, height: 400 } as const;

export function renderCover(from: string, to: string): Promise<Buffer> {
  const { width, height } = COVER_SIZE;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export async function writeUpload(dir: string, name: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, name), data);
}
