/**
 * Invoice PDFs off the event loop (issue 24 C), a benchmark, not a test: the app listens on a port with an
 * embedded database (or DATABASE_URL, an empty one); four people with two invoices each ask for their eight
 * PDFs at once (two each, the per-person limit), while a client asks `GET /api/health` one request after
 * another. Reports `/api/health` latency while the PDFs render (target p99 < 100 ms) and how long the eight
 * took. The clients run in a worker thread of their own, so their work does not share the server's loop.
 * Each round asks in another language (a new document each time: a cached PDF would measure nothing).
 *
 *   node_modules/.bin/node bench/invoice-pdf-health.ts        (npm run bench:invoice-pdf)
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { ms, percentile } from './lib.ts';

const PEOPLE = 4;
const PER_PERSON = 2; // invoicePdfLimits.rendersPerPerson
const HEALTH_TARGET_MS = 100;
/** The first language warms the threads up (fonts loaded), the others are measured. */
const LANGUAGES = ['ar', 'en', 'fr', 'vi', 'cn'] as const;

type ClientSetup = { base: string; pdfs: Array<{ token: string; id: string }> };
type Round = { lang: string; health: number[]; pdfMs: number; statuses: number[] };

if (!isMainThread) {
  const { base, pdfs } = workerData as ClientSetup;
  const runRound = async (lang: string) => {
    const health: number[] = [];
    let rendering = true;
    // Health requests one after another while the PDFs render.
    const pinger = (async () => {
      while (rendering) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        if (rendering) health.push(performance.now() - t0);
      }
    })();
    const t0 = performance.now();
    const statuses = await Promise.all(
      pdfs.map(async ({ token, id }) => {
        const res = await fetch(`${base}/api/invoices/${id}/pdf?lang=${lang}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const pdfMs = performance.now() - t0;
    rendering = false;
    await pinger;
    parentPort?.postMessage({ lang, health, pdfMs, statuses } satisfies Round);
  };
  parentPort?.on('message', (lang: string) => void runRound(lang));
} else {
  const { buildApp } = await import('../src/server/app.ts');
  const { openBenchDatabase } = await import('./lib.ts');
  const { database, dispose } = await openBenchDatabase('invoice-pdf-health');
  const app = await buildApp({ database, logger: false, mailer: { send: async () => {} } });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let ip = 0;
    const register = async (firstName: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress: `10.99.0.${++ip}`,
        payload: {
          email: `${firstName.toLowerCase()}.${Date.now()}@bench.example`,
          password: 'correct horse battery staple',
          firstName,
          lastName: 'Bench',
        },
      });
      if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
      return res.json<{ accessToken: string }>().accessToken;
    };
    const api = async <T>(token: string, url: string, payload: object): Promise<T> => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/invoices${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };

    const admin = await register('Admin'); // the first account of an empty instance
    const from = (
      await api<{ address: { id: string } }>(admin, '/from-addresses', {
        name: 'Atrium Ltd',
        fullAddress: '1 Main St, Springfield',
      })
    ).address;
    const customer = (
      await api<{ customer: { id: string } }>(admin, '/customers', {
        name: 'Umbrella Corporation',
        company: 'Umbrella',
        fullAddress: '2 Side St, Raccoon City',
        email: 'billing@umbrella.example',
      })
    ).customer;
    const pdfs: ClientSetup['pdfs'] = [];
    for (let p = 0; p < PEOPLE; p++) {
      const token = await register(`Biller${p}`);
      for (let n = 0; n < PER_PERSON; n++) {
        const { invoice } = await api<{ invoice: { id: string } }>(token, '/', {
          fromAddressId: from.id,
          customerId: customer.id,
          createDate: '2026-01-10',
          dueDate: '2099-01-10',
          items: Array.from({ length: 12 }, (_, i) => ({
            title: `Consulting, week ${i + 1}`,
            description: 'Workshops, reviews and a written report with recommendations',
            serviceId: null,
            quantity: i + 1,
            price: 12_500 + i * 100,
          })),
          shipping: 0,
          discount: 0,
          taxes: 10,
          notes: `Invoice ${n + 1} of biller ${p}. Payment within thirty days, by bank transfer.`,
        });
        pdfs.push({ token, id: invoice.id });
      }
    }

    const clients = new Worker(new URL(import.meta.url), {
      workerData: { base, pdfs } satisfies ClientSetup,
    });
    const round = (lang: string) =>
      new Promise<Round>((resolve) => {
        clients.once('message', resolve);
        clients.postMessage(lang);
      });
    console.log(
      `\n${pdfs.length} invoice PDFs at once (${PEOPLE} people × ${PER_PERSON}), /api/health meanwhile:`,
    );
    const measured: number[] = [];
    for (const [index, lang] of LANGUAGES.entries()) {
      const { health, pdfMs, statuses } = await round(lang);
      if (statuses.some((status) => status !== 200)) throw new Error(`PDF answers: ${statuses.join(', ')}`);
      if (index > 0) measured.push(...health);
      const sorted = [...health].sort((a, b) => a - b);
      console.log(
        JSON.stringify({
          round: index === 0 ? `${lang} (warm-up)` : lang,
          'PDFs ms': ms(pdfMs),
          'health requests': health.length,
          'health p50 ms': ms(percentile(sorted, 50)),
          'health p99 ms': ms(percentile(sorted, 99)),
          'health max ms': ms(sorted.at(-1) ?? 0),
        }),
      );
    }
    await clients.terminate();
    const sorted = measured.sort((a, b) => a - b);
    const p99 = ms(percentile(sorted, 99));
    console.log(
      JSON.stringify({
        case: '/api/health while 8 PDFs render',
        requests: sorted.length,
        'p50 ms': ms(percentile(sorted, 50)),
        'p99 ms': p99,
        target: `p99 < ${HEALTH_TARGET_MS}`,
        '': p99 < HEALTH_TARGET_MS ? 'met' : 'NOT met',
      }),
    );
  } finally {
    await app.close();
    await dispose();
  }
}
