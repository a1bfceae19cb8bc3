/**
 * The worker thread that renders invoice PDFs (invoice-pdfs.ts), off the event loop: pdfkit, fontkit and
 * the bidi reordering are CPU work of tens of milliseconds per document. Each thread loads the fonts once.
 */
import { parentPort } from 'node:worker_threads';

import type { Invoice, InvoiceLanguage } from '#shared/contract/invoices.ts';

import { serveTasks } from '../../lib/worker-pool.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

export type InvoicePdfTask = { invoice: Invoice; lang: InvoiceLanguage };

if (!parentPort) throw new Error('invoice-pdf-worker.ts runs as a worker thread');
serveTasks<InvoicePdfTask, Uint8Array>(parentPort, ({ invoice, lang }) => renderInvoicePdf(invoice, lang));
