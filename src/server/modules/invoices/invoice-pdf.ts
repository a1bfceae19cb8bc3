/**
 * An invoice as a PDF (`GET /api/invoices/:id/pdf`, and the document `POST /:id/send` mails), made on the
 * server with pdfkit and the bundled Noto fonts (pdf-text.ts), in any of the five languages: Arabic pages
 * are laid out right to left (every box mirrored), with shaped, reordered text. It runs on a worker thread
 * (invoice-pdf-worker.ts), never on the event loop: the routes ask invoice-pdfs.ts, which also caches it.
 */
import PDFDocument from 'pdfkit';

import type { Invoice, InvoiceLanguage, PartySnapshot } from '#shared/contract/invoices.ts';

import { formatDay, formatMoney, formatPercent, invoiceTexts } from './invoice-texts.ts';
import { PdfText, type TextStyle } from './pdf-text.ts';

const PAGE_WIDTH = 595.28; // A4, points
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

const INK = '#1C252E';
const MUTED = '#637381';
const LINE = '#DFE3E8';
const HEAD = '#F4F6F8';
const STATUS_COLORS = { draft: '#637381', pending: '#B76E00', paid: '#118D57', overdue: '#B71D18' } as const;

type Align = 'start' | 'end' | 'center';

/** Renders the invoice in `lang`; resolves with the PDF's bytes. */
export async function renderInvoicePdf(invoice: Invoice, lang: InvoiceLanguage): Promise<Buffer> {
  const t = invoiceTexts[lang];
  const rtl = lang === 'ar';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: true,
    lang: lang === 'cn' ? 'zh-CN' : lang,
    displayTitle: true,
    info: { Title: `${t.invoice} ${invoice.invoiceNumber}`, Creator: 'Atrium', Producer: 'Atrium' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = new PdfText(doc, rtl ? 'rtl' : 'ltr');
  const money = (cents: number) => formatMoney(cents, invoice.currency, lang);

  /** Draws one line in a box [x, x + width) of the logical page (mirrored on a right-to-left page). */
  function box(value: string, x: number, y: number, width: number, style: TextStyle, align: Align = 'start') {
    if (!value) return;
    const physicalX = rtl ? PAGE_WIDTH - x - width : x;
    const side = rtl ? (align === 'start' ? 'end' : align === 'end' ? 'start' : align) : align;
    const w = text.width(value, style);
    const left =
      side === 'start' ? physicalX : side === 'end' ? physicalX + width - w : physicalX + (width - w) / 2;
    text.drawAt(value, left, y, style);
  }

  function rect(x: number, y: number, width: number, height: number, color: string) {
    doc.rect(rtl ? PAGE_WIDTH - x - width : x, y, width, height).fill(color);
  }

  function rule(y: number) {
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .lineWidth(0.7)
      .strokeColor(LINE)
      .stroke();
  }

  /** Wrapped lines in a box; returns the y below them. */
  function paragraph(value: string, x: number, y: number, width: number, style: TextStyle): number {
    const height = style.size * 1.45;
    let top = y;
    for (const line of value ? text.wrap(value, width, style) : []) {
      box(line, x, top, width, style);
      top += height;
    }
    return top;
  }

  // ── heading ───────────────────────────────────────────────────────────────────────────────────────────
  let y = MARGIN;
  box(t.invoice, MARGIN, y, CONTENT / 2, { size: 24, weight: 700 });
  const status = invoice.status;
  box(
    t.status[status],
    MARGIN + CONTENT / 2,
    y + 6,
    CONTENT / 2,
    {
      size: 12,
      weight: 700,
      color: STATUS_COLORS[status],
    },
    'end',
  );
  y += 36;
  box(invoice.invoiceNumber, MARGIN, y, CONTENT / 2, { size: 12, color: MUTED });
  y += 30;

  // ── from and to ───────────────────────────────────────────────────────────────────────────────────────
  const half = (CONTENT - 24) / 2;
  function party(label: string, p: PartySnapshot, x: number, top: number): number {
    box(label, x, top, half, { size: 9, weight: 700, color: MUTED });
    let at = top + 16;
    box(p.name, x, at, half, { size: 11, weight: 700 });
    at += 17;
    if (p.company) {
      box(p.company, x, at, half, { size: 10 });
      at += 15;
    }
    at = paragraph(p.fullAddress, x, at, half, { size: 10, color: MUTED });
    for (const extra of [p.phoneNumber, p.email]) {
      if (!extra) continue;
      box(extra, x, at, half, { size: 10, color: MUTED });
      at += 15;
    }
    return at;
  }
  y = Math.max(
    party(t.from, invoice.invoiceFrom, MARGIN, y),
    party(t.to, invoice.invoiceTo, MARGIN + half + 24, y),
  );
  y += 14;

  // ── dates ─────────────────────────────────────────────────────────────────────────────────────────────
  box(t.createDate, MARGIN, y, half, { size: 9, weight: 700, color: MUTED });
  box(t.dueDate, MARGIN + half + 24, y, half, { size: 9, weight: 700, color: MUTED });
  y += 15;
  box(formatDay(invoice.createDate, lang), MARGIN, y, half, { size: 11 });
  box(formatDay(invoice.dueDate, lang), MARGIN + half + 24, y, half, { size: 11 });
  y += 30;

  // ── items ─────────────────────────────────────────────────────────────────────────────────────────────
  const cols = { n: 24, qty: 52, unit: 96, total: 100 };
  const descWidth = CONTENT - cols.n - cols.qty - cols.unit - cols.total - 24;
  const xDesc = MARGIN + cols.n;
  const xQty = xDesc + descWidth + 8;
  const xUnit = xQty + cols.qty + 8;
  const xTotal = xUnit + cols.unit + 8;
  const bottom = PAGE_HEIGHT - MARGIN;

  function tableHead() {
    rect(MARGIN, y, CONTENT, 24, HEAD);
    const style = { size: 9, weight: 700 as const, color: MUTED };
    box('#', MARGIN + 6, y + 7, cols.n - 6, style);
    box(t.item, xDesc, y + 7, descWidth, style);
    box(t.quantity, xQty, y + 7, cols.qty, style, 'center');
    box(t.unitPrice, xUnit, y + 7, cols.unit, style, 'end');
    box(t.total, xTotal, y + 7, cols.total - 6, style, 'end');
    y += 32;
  }
  function newPage() {
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
  }

  tableHead();
  invoice.items.forEach((item, index) => {
    const titleLines = text.wrap(item.title, descWidth, { size: 10, weight: 700 });
    const detail = [item.service, item.description].filter(Boolean).join(' · ');
    const detailLines = detail ? text.wrap(detail, descWidth, { size: 9 }) : [];
    const height = titleLines.length * 15 + detailLines.length * 13 + 10;
    if (y + height > bottom) {
      newPage();
      tableHead();
    }
    box(String(index + 1), MARGIN + 6, y, cols.n - 6, { size: 10, color: MUTED });
    let at = y;
    for (const line of titleLines) {
      box(line, xDesc, at, descWidth, { size: 10, weight: 700 });
      at += 15;
    }
    for (const line of detailLines) {
      box(line, xDesc, at, descWidth, { size: 9, color: MUTED });
      at += 13;
    }
    box(String(item.quantity), xQty, y, cols.qty, { size: 10 }, 'center');
    box(money(item.price), xUnit, y, cols.unit, { size: 10 }, 'end');
    box(money(item.total), xTotal, y, cols.total - 6, { size: 10 }, 'end');
    y += height;
    rule(y - 5);
  });

  // ── totals ────────────────────────────────────────────────────────────────────────────────────────────
  const sums: Array<[string, string, boolean]> = [
    [t.subtotal, money(invoice.subtotal), false],
    [t.shipping, money(invoice.shipping), false],
    [t.discount, invoice.discount ? `-${money(invoice.discount)}` : money(0), false],
    [`${t.taxes} (${formatPercent(invoice.taxes, lang)})`, money(invoice.taxAmount), false],
    [t.totalAmount, money(invoice.totalAmount), true],
  ];
  if (y + sums.length * 20 + 20 > bottom) newPage();
  y += 8;
  const labelX = MARGIN + CONTENT - 300;
  for (const [label, value, strong] of sums) {
    const style: TextStyle = strong ? { size: 13, weight: 700 } : { size: 10, color: MUTED };
    box(label, labelX, y, 170, style, 'end');
    box(value, labelX + 180, y, 114, strong ? style : { size: 10 }, 'end');
    y += strong ? 24 : 18;
  }

  // ── notes and thanks ──────────────────────────────────────────────────────────────────────────────────
  if (invoice.notes) {
    const lines = text.wrap(invoice.notes, CONTENT, { size: 10 });
    if (y + 40 + lines.length * 14.5 > bottom) newPage();
    y += 16;
    box(t.notes, MARGIN, y, CONTENT, { size: 9, weight: 700, color: MUTED });
    y += 15;
    y = paragraph(invoice.notes, MARGIN, y, CONTENT, { size: 10 });
  }
  if (y + 40 > bottom) newPage();
  y += 24;
  box(t.thanks, MARGIN, y, CONTENT, { size: 10, color: MUTED });

  doc.fillColor(INK);
  doc.end();
  return done;
}
