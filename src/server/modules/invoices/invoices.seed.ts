import {
  invoiceLanguages,
  invoiceTotalsOf,
  lineTotalOf,
  type InvoiceLanguage,
  type StoredInvoiceStatus,
} from '#shared/contract/invoices.ts';

import type { Db } from '../../db/client.ts';
import {
  invoiceCustomers,
  invoiceFromAddresses,
  invoiceItems,
  invoices,
  invoiceServices,
} from '../../db/schema/index.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import { snapshotOf } from './parties.repo.ts';

export interface InvoicesSeedOptions {
  /** The demo admin: most of the invoices are theirs. */
  adminId: string;
  /** Active demo users: a few invoices each. */
  ownerIds: string[];
  currency?: string | undefined;
}

const DAY = 86_400_000;
/** The invoices' own seed: the same invoices whatever the other demo data drew before them. */
const SEED = 20_261_114;
/** Invoices over the last year. */
const INVOICE_COUNT = 180;

/** The workspace's own addresses (the first is the default "from"). */
export const DEMO_FROM_ADDRESSES = [
  {
    name: 'Atrium Ltd',
    company: 'Atrium',
    email: 'billing@atrium.dev',
    phoneNumber: '+1 415-555-0100',
    fullAddress: '500 Market Street, Suite 300, San Francisco, CA 94105, United States',
  },
  {
    name: 'Atrium Europe SARL',
    company: 'Atrium',
    email: 'factures@atrium.dev',
    phoneNumber: '+33 1 55 55 01 00',
    fullAddress: '12 rue de Rivoli, 75004 Paris, France',
  },
];

/** Services with their default prices (cents). */
export const DEMO_SERVICES = [
  { name: 'Consulting', price: 15_000 },
  { name: 'Design', price: 9_500 },
  { name: 'Development', price: 12_000 },
  { name: 'Hosting', price: 2_900 },
  { name: 'Maintenance', price: 4_500 },
  { name: 'Marketing', price: 7_500 },
  { name: 'Support', price: 3_500 },
  { name: 'Training', price: 20_000 },
];

/** The invoice address book: customers in the five languages' countries. */
const DEMO_CUSTOMERS: Array<{
  name: string;
  company: string;
  email: string;
  phoneNumber: string;
  fullAddress: string;
  language: InvoiceLanguage;
}> = [
  {
    name: 'Jayvion Simon',
    company: 'Northwind Traders',
    email: 'ap@northwind.example',
    phoneNumber: '+1 202-555-0143',
    fullAddress: '19034 Verna Unions, Boston, MA 02108, United States',
    language: 'en',
  },
  {
    name: 'Lucian Obrien',
    company: 'Contoso Ltd',
    email: 'billing@contoso.example',
    phoneNumber: '+1 416-555-0188',
    fullAddress: '1147 Rohan Drive, Toronto, ON M5H 2N2, Canada',
    language: 'en',
  },
  {
    name: 'Deja Brady',
    company: 'Fabrikam Inc',
    email: 'accounts@fabrikam.example',
    phoneNumber: '+1 312-555-0121',
    fullAddress: '18605 Thompson Circle, Chicago, IL 60601, United States',
    language: 'en',
  },
  {
    name: 'Harrison Stein',
    company: 'Tailspin Toys',
    email: 'finance@tailspin.example',
    phoneNumber: '+44 20 7946 0958',
    fullAddress: '110 Lamar Station, London EC1A 1BB, United Kingdom',
    language: 'en',
  },
  {
    name: 'Reece Chung',
    company: 'Wide World Importers',
    email: 'pay@wideworld.example',
    phoneNumber: '+61 2 5550 1234',
    fullAddress: '36901 Elmer Spurs, Sydney NSW 2000, Australia',
    language: 'en',
  },
  {
    name: 'Camille Dubois',
    company: 'Boulangerie Lumière',
    email: 'compta@lumiere.example',
    phoneNumber: '+33 4 72 55 01 23',
    fullAddress: '8 place Bellecour, 69002 Lyon, France',
    language: 'fr',
  },
  {
    name: 'Étienne Lefèvre',
    company: 'Atelier Mécanique SA',
    email: 'factures@atelier.example',
    phoneNumber: '+32 2 555 01 77',
    fullAddress: '45 avenue Louise, 1050 Bruxelles, Belgique',
    language: 'fr',
  },
  {
    name: 'Chloé Martin',
    company: 'Éditions du Quai',
    email: 'chloe@quai.example',
    phoneNumber: '+41 22 555 01 90',
    fullAddress: '3 quai du Mont-Blanc, 1201 Genève, Suisse',
    language: 'fr',
  },
  {
    name: 'Nguyễn Thị Hương',
    company: 'Công ty TNHH Ánh Dương',
    email: 'ketoan@anhduong.example',
    phoneNumber: '+84 24 5550 1234',
    fullAddress: '25 Phố Huế, Hai Bà Trưng, Hà Nội, Việt Nam',
    language: 'vi',
  },
  {
    name: 'Trần Văn Đức',
    company: 'Cà Phê Sài Gòn',
    email: 'duc@caphesaigon.example',
    phoneNumber: '+84 28 5550 9876',
    fullAddress: '102 Đường Lê Lợi, Quận 1, TP. Hồ Chí Minh, Việt Nam',
    language: 'vi',
  },
  {
    name: 'Phạm Minh Khôi',
    company: 'Công nghệ Phương Nam',
    email: 'khoi@phuongnam.example',
    phoneNumber: '+84 236 555 0456',
    fullAddress: '7 Bạch Đằng, Hải Châu, Đà Nẵng, Việt Nam',
    language: 'vi',
  },
  {
    name: '王伟',
    company: '北京星辰科技有限公司',
    email: 'finance@xingchen.example',
    phoneNumber: '+86 10 5555 0123',
    fullAddress: '北京市朝阳区建国路 88 号',
    language: 'cn',
  },
  {
    name: '李娜',
    company: '上海明珠贸易公司',
    email: 'lina@mingzhu.example',
    phoneNumber: '+86 21 5555 0456',
    fullAddress: '上海市浦东新区世纪大道 100 号',
    language: 'cn',
  },
  {
    name: '张敏',
    company: '深圳云帆网络',
    email: 'zhangmin@yunfan.example',
    phoneNumber: '+86 755 5555 0789',
    fullAddress: '深圳市南山区科技园南路 18 号',
    language: 'cn',
  },
  {
    name: 'محمد العلي',
    company: 'شركة النخيل للتجارة',
    email: 'accounts@nakheel.example',
    phoneNumber: '+971 4 555 0123',
    fullAddress: 'شارع الشيخ زايد، دبي، الإمارات العربية المتحدة',
    language: 'ar',
  },
  {
    name: 'فاطمة الزهراء',
    company: 'مؤسسة الأفق',
    email: 'fatima@ofoq.example',
    phoneNumber: '+966 11 555 0456',
    fullAddress: 'طريق الملك فهد، الرياض، المملكة العربية السعودية',
    language: 'ar',
  },
  {
    name: 'يوسف حداد',
    company: 'مكتبة المدينة',
    email: 'youssef@madina.example',
    phoneNumber: '+961 1 555 789',
    fullAddress: 'شارع الحمراء، بيروت، لبنان',
    language: 'ar',
  },
  {
    name: 'Amara Okafor',
    company: 'Lagos Digital Hub',
    email: 'amara@lagoshub.example',
    phoneNumber: '+234 1 555 0199',
    fullAddress: '14 Adeola Odeku Street, Victoria Island, Lagos, Nigeria',
    language: 'en',
  },
];

/** What each service's lines say. */
const LINE_TITLES: Record<string, string[]> = {
  Consulting: ['Strategy workshop', 'Architecture review', 'Discovery session'],
  Design: ['Logo and brand kit', 'Landing page design', 'Mobile app screens'],
  Development: ['Checkout integration', 'Dashboard features', 'API development'],
  Hosting: ['Managed hosting (monthly)', 'CDN and backups'],
  Maintenance: ['Security updates', 'Monthly maintenance'],
  Marketing: ['Newsletter campaign', 'Launch campaign'],
  Support: ['Priority support (monthly)', 'On-call support'],
  Training: ['Team training day', 'Admin onboarding'],
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The stored status an invoice of this age has reached (overdue follows from pending past due). */
function statusFor(random: Random, createdMs: number, dueMs: number, now: number): StoredInvoiceStatus {
  const r = random.next();
  if (now - createdMs < 10 * DAY && r < 0.4) return 'draft';
  if (dueMs > now) return r < 0.3 ? 'paid' : r < 0.45 ? 'draft' : 'pending';
  // Past due: most are paid; some still pending, which shows them overdue.
  return r < 0.85 ? 'paid' : r < 0.87 ? 'draft' : 'pending';
}

/**
 * Demo invoices (issue #14): the workspace's two addresses, eight services, an address book of eighteen
 * customers in the five languages, and a year of invoices (most the demo admin's, some the demo users')
 * across every status, overdue ones included, written in bulk with the API's figures (`invoiceTotalsOf`).
 */
export async function seedInvoices(db: Db, options: InvoicesSeedOptions): Promise<void> {
  const currency = options.currency ?? 'USD';
  const random = createRandom(SEED);
  const now = Date.now();

  const fromRows = await db
    .insert(invoiceFromAddresses)
    .values(DEMO_FROM_ADDRESSES.map((a, i) => ({ ...a, isPrimary: i === 0 })))
    .returning();
  const serviceRows = await db.insert(invoiceServices).values(DEMO_SERVICES).returning();
  const customerRows = await db
    .insert(invoiceCustomers)
    .values(DEMO_CUSTOMERS.map(({ language: _language, ...c }) => ({ ...c, createdBy: options.adminId })))
    .returning();
  const languageOf = new Map(DEMO_CUSTOMERS.map((c) => [c.email, c.language]));
  const owners = [options.adminId, ...options.ownerIds.slice(0, 5)];

  const drafts = Array.from({ length: INVOICE_COUNT }, () => {
    // A quarter in the last six weeks, so the pending tab has invoices not yet due.
    const createdMs = now - (random.next() < 0.25 ? random.int(0, 45) : random.int(0, 364)) * DAY;
    const dueMs = createdMs + random.pick([7, 14, 30, 30, 45, 60]) * DAY;
    const customer = random.pick(customerRows);
    const fromRow = languageOf.get(customer.email) === 'fr' ? fromRows[1]! : fromRows[0]!;
    const items = Array.from({ length: random.int(1, 4) }, () => {
      const service = random.pick(serviceRows);
      return {
        title: random.pick(LINE_TITLES[service.name] ?? [service.name]),
        description:
          random.next() < 0.5 ? '' : random.pick(['As agreed', 'See the statement of work', 'Per month']),
        serviceId: service.id,
        service: service.name,
        quantity: random.int(1, 5),
        price: service.price + random.pick([0, 0, 0, 500, -500]),
      };
    });
    const subtotal = items.reduce((sum, item) => sum + lineTotalOf(item.quantity, item.price), 0);
    const discount = random.next() < 0.25 ? Math.min(random.pick([500, 1_000, 2_500]), subtotal) : 0;
    const values = {
      items,
      shipping: random.next() < 0.2 ? random.pick([1_000, 2_000]) : 0,
      discount,
      taxes: random.pick([0, 5, 8.5, 10, 20]),
    };
    const totals = invoiceTotalsOf(values);
    const status = statusFor(random, createdMs, dueMs, now);
    const language = languageOf.get(customer.email) ?? 'en';
    return {
      createdMs,
      items,
      row: {
        ownerId: random.next() < 0.75 ? options.adminId : random.pick(owners),
        status,
        fromAddressId: fromRow.id,
        invoiceFrom: snapshotOf(fromRow),
        customerId: customer.id,
        invoiceTo: snapshotOf(customer),
        customerSort: customer.name.toLowerCase(),
        serviceIds: [...new Set(items.map((item) => item.serviceId))],
        createDate: isoDay(createdMs),
        dueDate: isoDay(dueMs),
        subtotal: totals.subtotal,
        shipping: values.shipping,
        discount,
        taxes: values.taxes,
        taxAmount: totals.taxAmount,
        total: totals.total,
        currency,
        language: invoiceLanguages.includes(language) ? language : 'en',
        notes: random.next() < 0.3 ? 'Payment by bank transfer within the due date, please.' : '',
        sent: status === 'draft' ? 0 : random.int(1, 2),
        paidAt:
          status === 'paid'
            ? new Date(Math.max(createdMs, Math.min(dueMs - random.int(0, 5) * DAY, now)))
            : null,
        createdAt: new Date(createdMs),
        updatedAt: new Date(createdMs),
      },
    };
  });
  // Numbers follow the create dates. The first (INV-1001, the navigation's demo invoice) is the demo admin's.
  drafts.sort((a, b) => a.createdMs - b.createdMs);
  if (drafts[0]) drafts[0].row.ownerId = options.adminId;
  for (let start = 0; start < drafts.length; start += 60) {
    const batch = drafts.slice(start, start + 60);
    const rows = await db
      .insert(invoices)
      .values(batch.map((d) => d.row))
      .returning({ id: invoices.id });
    await db.insert(invoiceItems).values(
      rows.flatMap((row, i) =>
        batch[i]!.items.map((item, position) => ({
          invoiceId: row.id,
          position,
          ...item,
          total: lineTotalOf(item.quantity, item.price),
        })),
      ),
    );
  }
}
