/**
 * Text in any of the five languages on a PDF page (ADR 027): bundled Noto fonts (OFL 1.1, from the
 * `@fontsource/noto-sans`, `-arabic` and `-sc` packages: nothing is fetched at run time), a font chosen per
 * character from the packages' unicode ranges, the Unicode bidirectional algorithm (`bidi-js`) for Arabic
 * and mixed lines, and OpenType shaping by fontkit (through pdfkit) for Arabic joining forms.
 *
 * A line is split into runs of one font and one direction, laid out in visual order left to right: fontkit
 * shapes a right-to-left run of Arabic and gives its glyphs in visual order itself; a right-to-left run of
 * neutral characters only is reversed here (with mirrored brackets).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

import bidiModule, { type Bidi } from 'bidi-js';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
// bidi-js is CommonJS whose module.exports is the factory (its types say an ES default export).
const bidi = (bidiModule as unknown as () => Bidi)();

export type Weight = 400 | 700;

interface Face {
  key: string;
  file: string;
  ranges: Array<[number, number]>;
  font?: fontkit.Font;
}

/** Font packages in the order a character looks for its font: Latin and Vietnamese, Arabic, Chinese. */
const PACKAGES = ['@fontsource/noto-sans', '@fontsource/ibm-plex-sans-arabic', '@fontsource/noto-sans-sc'];
/** Subsets never used on an invoice (they would only slow the search). */
const SKIPPED = /-(?:math|symbols|devanagari)-/;

function facesOf(weight: Weight): Face[] {
  const faces: Face[] = [];
  for (const pkg of PACKAGES) {
    const dir = path.dirname(require.resolve(`${pkg}/package.json`));
    const css = fs.readFileSync(path.join(dir, `${weight}.css`), 'utf8');
    // The WOFF files, not the WOFF2 ones: fontkit cannot subset some composite glyphs of a WOFF2 font.
    for (const match of css.matchAll(
      /url\(\.\/files\/([^)]+?\.woff)\) format\('woff'\);\s*unicode-range:\s*([^;]+);/g,
    )) {
      const [, file, ranges] = match;
      if (!file || !ranges || SKIPPED.test(file)) continue;
      faces.push({
        key: file.replace(/\.woff$/, ''),
        file: path.join(dir, 'files', file),
        ranges: ranges.split(',').map((r) => {
          const [lo, hi] = r.trim().replace(/^U\+/i, '').split('-');
          const start = parseInt(lo ?? '0', 16);
          return [start, hi ? parseInt(hi, 16) : start];
        }),
      });
    }
  }
  return faces;
}

const facesByWeight = new Map<Weight, Face[]>();
const faceOfCodePoint = new Map<string, Face | null>();

function faces(weight: Weight): Face[] {
  let list = facesByWeight.get(weight);
  if (!list) {
    list = facesOf(weight);
    facesByWeight.set(weight, list);
  }
  return list;
}

const covers = (face: Face, cp: number) => face.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/** The first face whose range holds the code point (null: none, the character is left out). */
function faceFor(cp: number, weight: Weight): Face | null {
  const key = `${weight}:${cp}`;
  let face = faceOfCodePoint.get(key);
  if (face === undefined) {
    face = faces(weight).find((f) => covers(f, cp)) ?? null;
    faceOfCodePoint.set(key, face);
  }
  return face;
}

/**
 * A WOFF (1.0) font as the plain OpenType font it wraps: each table inflated once. fontkit reads WOFF itself
 * but inflates a table again each time it is read, which made a PDF's font subsetting take most of its time.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const log2 = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's flavour (TrueType or CFF)
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The face's font, read once per process. */
function fontOf(face: Face): fontkit.Font {
  if (!face.font) face.font = fontkit.create(woffToSfnt(fs.readFileSync(face.file))) as fontkit.Font;
  return face.font;
}

/** What a document needs from pdfkit (the subset of PDFKit.PDFDocument this file uses). */
export interface TextDocument {
  registerFont(name: string, src: unknown): unknown;
  font(name: string): unknown;
  fontSize(size: number): unknown;
  fillColor(color: string): unknown;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: object): unknown;
}

/** Controls and invisible marks that have no glyph; bidi controls are dropped (levels come from letters). */
/* eslint-disable no-control-regex -- control characters have no glyph: removing them is the point */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

/** Text as it is drawn: NFC (Vietnamese precomposed), one kind of space, nothing invisible. */
export const normalizeText = (text: string) =>
  text
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\t/g, ' ')
    .replace(/\u202f/g, '\u00a0');

/** One Chinese character, a word, or spaces: where a line may break. */
const CJK_OR_WORD_OR_SPACE =
  /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g;

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

interface Run {
  text: string;
  face: Face;
}

/**
 * The runs of one line in visual order (left to right), each of one font and one direction, ready to be
 * drawn one after the other. `base` is the paragraph's direction.
 */
export function visualRuns(line: string, base: 'ltr' | 'rtl', weight: Weight): Run[] {
  const key = `${base}${weight}:${line}`;
  let runs = runCache.get(key);
  if (!runs) {
    runs = computeRuns(line, base, weight);
    if (runCache.size >= RUN_CACHE_MAX) runCache.delete(runCache.keys().next().value!);
    runCache.set(key, runs);
  }
  return runs;
}

/** Lines seen lately (labels, names, amounts repeat from one invoice to the next). */
const runCache = new Map<string, Run[]>();
const RUN_CACHE_MAX = 5_000;

function computeRuns(line: string, base: 'ltr' | 'rtl', weight: Weight): Run[] {
  const text = normalizeText(line);
  if (!text) return [];
  // A face per code unit (a surrogate pair's two units share it): a character keeps the face of the one
  // before when that face covers it, so spaces and digits stay in a run of Arabic or Chinese.
  const faceAt: Array<Face | null> = Array.from({ length: text.length }, () => null);
  let previous: Face | null = null;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const face: Face | null = previous && covers(previous, cp) ? previous : faceFor(cp, weight);
    faceAt[i] = face;
    if (cp > 0xffff) faceAt[++i] = face;
    if (face) previous = face;
  }
  const levels = bidi.getEmbeddingLevels(text, base);
  const order = bidi.getReorderedIndices(text, levels);
  const runs: Run[] = [];
  let k = 0;
  while (k < order.length) {
    const first = order[k]!;
    const level = levels.levels[first]!;
    const step = level % 2 ? -1 : 1;
    const face = faceAt[first] ?? null;
    let end = k + 1;
    while (
      end < order.length &&
      order[end] === order[end - 1]! + step &&
      levels.levels[order[end]!] === level &&
      faceAt[order[end]!] === face
    ) {
      end++;
    }
    const indices = order.slice(k, end);
    k = end;
    if (!face) continue;
    const lo = Math.min(...indices);
    const hi = Math.max(...indices);
    let run = text.slice(lo, hi + 1);
    // fontkit reverses a run of a right-to-left script itself; a right-to-left run of neutrals is ours.
    if (step < 0 && !STRONG_RTL.test(run)) {
      run = Array.from(run)
        .reverse()
        .map((c) => bidi.getMirroredCharacter(c) ?? c)
        .join('');
    }
    runs.push({ text: run, face });
  }
  return runs;
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
}

/**
 * Draws and measures text on one pdfkit document: fonts are registered with the document the first time
 * it uses them, and only the glyphs used are embedded (pdfkit subsets them).
 */
export class PdfText {
  private readonly registered = new Set<string>();
  private readonly widths = new Map<string, number>();
  private readonly doc: TextDocument;
  readonly base: 'ltr' | 'rtl';

  constructor(doc: TextDocument, base: 'ltr' | 'rtl') {
    this.doc = doc;
    this.base = base;
  }

  private use(face: Face, style: TextStyle): void {
    if (!this.registered.has(face.key)) {
      this.doc.registerFont(face.key, fontOf(face));
      this.registered.add(face.key);
    }
    this.doc.font(face.key);
    this.doc.fontSize(style.size);
  }

  /** The width of one line of text. */
  width(text: string, style: TextStyle): number {
    const key = `${style.size}:${style.weight ?? 400}:${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = 0;
      for (const run of visualRuns(text, this.base, style.weight ?? 400)) {
        this.use(run.face, style);
        width += this.doc.widthOfString(run.text);
      }
      this.widths.set(key, width);
    }
    return width;
  }

  /** Draws one line from `x` (its left edge) at `y` (its top). */
  drawAt(text: string, x: number, y: number, style: TextStyle): void {
    let left = x;
    this.doc.fillColor(style.color ?? '#1C252E');
    for (const run of visualRuns(text, this.base, style.weight ?? 400)) {
      this.use(run.face, style);
      this.doc.text(run.text, left, y, { lineBreak: false });
      left += this.doc.widthOfString(run.text);
    }
  }

  /**
   * Splits text into lines no wider than `width`: at spaces, and between any two Chinese characters;
   * a word longer than a line is cut where it must be.
   */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of normalizeText(text).split(/\r?\n/)) {
      const tokens = paragraph.match(CJK_OR_WORD_OR_SPACE) ?? [''];
      let line = '';
      const filled: string[] = [];
      // Widths add up token by token (close enough to break lines; each line is measured again to draw).
      let lineWidth = 0;
      for (const token of tokens) {
        const tokenWidth = this.width(token, style);
        if (!line.trim() || lineWidth + (token.trim() ? tokenWidth : 0) <= width) {
          line += token;
          lineWidth += tokenWidth;
          continue;
        }
        filled.push(line.trimEnd());
        line = token.trimStart();
        lineWidth = line ? tokenWidth : 0;
      }
      filled.push(line.trimEnd());
      // A word wider than a line is cut by characters.
      for (const piece of filled) {
        if (this.width(piece, style) <= width) {
          lines.push(piece);
          continue;
        }
        let current = '';
        for (const ch of Array.from(piece)) {
          if (current && this.width(current + ch, style) > width) {
            lines.push(current);
            current = ch;
          } else current += ch;
        }
        lines.push(current);
      }
    }
    return lines;
  }
}
