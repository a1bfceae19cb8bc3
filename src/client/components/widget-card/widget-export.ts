import { buildCsv, downloadCsv, type CsvValue } from '../../lib/csv.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * What a widget's menu exports: its data as CSV (the widget's own rows and columns, so the file holds the
 * figures the card shows, not the page), and its chart as PNG.
 */
export type WidgetColumn<Row> = {
  /** The column's heading in the file (in the viewer's language). */
  header: string;
  /** The cell: a raw number or day, not the formatted text, so a spreadsheet can compute with it. */
  value: (row: Row) => CsvValue;
};

export type WidgetData<Row> = {
  columns: readonly WidgetColumn<Row>[];
  rows: readonly Row[];
};

/** The CSV text of a widget's data (RFC 4180, formula cells neutralised by `lib/csv.ts`). */
export function widgetCsv<Row>({ columns, rows }: WidgetData<Row>): string {
  return buildCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
}

export function exportWidgetCsv<Row>(fileName: string, data: WidgetData<Row>): void {
  downloadCsv(`${fileName}.csv`, widgetCsv(data));
}

/** A chart as the widget gives it: the drawn SVG element, or an image it made itself. */
export type WidgetImage = SVGSVGElement | Blob;

const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/**
 * The SVG as a self-contained document: each element's computed paint and font written inline (a chart's
 * colours come from the theme's CSS, which an image loaded on its own does not have), with its size.
 */
export function standaloneSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width || svg.width.baseVal.value || 300));
  const height = Math.max(1, Math.round(box.height || svg.height.baseVal.value || 150));
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [clone, ...clone.querySelectorAll('*')];
  sources.forEach((source, index) => {
    const target = targets[index];
    if (!(target instanceof Element)) return;
    const computed = getComputedStyle(source);
    const inline = STYLE_PROPERTIES.map((name) => [name, computed.getPropertyValue(name)] as const)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
    if (inline) target.setAttribute('style', `${inline};${target.getAttribute('style') ?? ''}`);
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

/**
 * An SVG drawn onto an offscreen canvas (on `background`, so a dark-mode chart stays readable wherever the
 * file is opened), at twice its size or the screen's density, and encoded as PNG.
 */
export async function svgToPng(svg: SVGSVGElement, background: string): Promise<Blob> {
  const { text, width, height } = standaloneSvg(svg);
  const scale = Math.max(2, Math.ceil(window.devicePixelRatio || 1));
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves the widget's image as `<fileName>.png` (an SVG is converted first; a blob is saved as it is). */
export async function downloadWidgetPng(
  fileName: string,
  image: WidgetImage,
  background: string,
): Promise<void> {
  const blob = image instanceof Blob ? image : await svgToPng(image, background);
  saveFile(`${fileName}.png`, blob);
}
