/**
 * Invoice PDFs for the routes (issue 24 C): rendered on worker threads (invoice-pdf-worker.ts, a pool sized
 * to the cores) so the event loop keeps answering while they are made; kept in an in-memory LRU per invoice
 * and language, so the same version of an invoice is rendered once (any change, a new `version` or a status
 * that became overdue, renders anew); and at most `rendersPerPerson` renders of one person at a time, 429
 * beyond (a cached PDF does not count).
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';

import type { Invoice, InvoiceLanguage } from '#shared/contract/invoices.ts';

import { tooManyRequests } from '../../lib/http-error.ts';
import { invoicePdfLimits } from '../../lib/limits.ts';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import type { InvoicePdfTask } from './invoice-pdf-worker.ts';

export type RenderPdf = (invoice: Invoice, lang: InvoiceLanguage) => Promise<Uint8Array>;

export interface InvoicePdfs {
  /**
   * The PDF of `invoice` in `lang`: from the cache, or rendered on a worker thread for `userId` (429 when
   * that person already has `rendersPerPerson` renders running). `cached` says which.
   */
  pdf(invoice: Invoice, lang: InvoiceLanguage, userId: string): Promise<{ pdf: Buffer; cached: boolean }>;
  /** Renders so far (not counting cache hits), and what the cache holds. */
  stats(): { renders: number; cachedPdfs: number; cachedBytes: number };
  close(): Promise<void>;
}

/** What makes two renders the same: every field of the invoice as the PDF shows it, and the language. */
function fingerprint(invoice: Invoice, lang: InvoiceLanguage): string {
  return createHash('sha256')
    .update(JSON.stringify([invoice, lang]))
    .digest('base64url');
}

export function createInvoicePdfs(
  options: {
    /** Renders a PDF; by default on the worker pool. */
    render?: RenderPdf;
    threads?: number;
    rendersPerPerson?: number;
    cacheBytes?: number;
  } = {},
): InvoicePdfs {
  const perPerson = options.rendersPerPerson ?? invoicePdfLimits.rendersPerPerson;
  const maxBytes = options.cacheBytes ?? invoicePdfLimits.cacheBytes;
  const pool = options.render
    ? null
    : createWorkerPool<InvoicePdfTask, Uint8Array>(new URL('./invoice-pdf-worker.ts', import.meta.url), {
        // One thread per core but one: that core is the event loop's.
        size: options.threads ?? Math.max(1, availableParallelism() - 1),
      });
  const render: RenderPdf = options.render ?? ((invoice, lang) => pool!.run({ invoice, lang }));

  /** `${invoice id}:${lang}` → the newest rendered version; a Map iterates oldest use first. */
  const cache = new Map<string, { fingerprint: string; pdf: Buffer }>();
  let cachedBytes = 0;
  /** Renders under way, shared by requests for the same version. */
  const rendering = new Map<string, Promise<Buffer>>();
  const running = new Map<string, number>();
  let renders = 0;

  const forget = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cachedBytes -= entry.pdf.byteLength;
  };
  const remember = (key: string, print: string, pdf: Buffer) => {
    forget(key);
    if (pdf.byteLength > maxBytes) return;
    cache.set(key, { fingerprint: print, pdf });
    cachedBytes += pdf.byteLength;
    for (const oldest of cache.keys()) {
      if (cachedBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return {
    pdf: async (invoice, lang, userId) => {
      const key = `${invoice.id}:${lang}`;
      const print = fingerprint(invoice, lang);
      const hit = cache.get(key);
      if (hit?.fingerprint === print) {
        // Most recently used: to the end of the Map.
        cache.delete(key);
        cache.set(key, hit);
        return { pdf: hit.pdf, cached: true };
      }
      const mine = running.get(userId) ?? 0;
      if (mine >= perPerson) {
        throw tooManyRequests(
          1,
          `You can have at most ${perPerson} invoice PDFs made at once. Please wait and try again.`,
        );
      }
      running.set(userId, mine + 1);
      try {
        const shared = `${key}:${print}`;
        let job = rendering.get(shared);
        if (!job) {
          renders++;
          job = render(invoice, lang).then((bytes) => {
            const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            remember(key, print, pdf);
            return pdf;
          });
          rendering.set(shared, job);
          void job.finally(() => rendering.delete(shared)).catch(() => {});
        }
        return { pdf: await job, cached: false };
      } finally {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      }
    },
    stats: () => ({ renders, cachedPdfs: cache.size, cachedBytes }),
    close: async () => {
      cache.clear();
      cachedBytes = 0;
      await pool?.close();
    },
  };
}
