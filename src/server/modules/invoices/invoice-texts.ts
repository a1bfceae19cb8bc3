/**
 * The words of an invoice's PDF and mail in the five languages (ADR 027). They live on the server: the PDF
 * and the mail are made here, whatever language the sender's interface shows.
 */
import type { Invoice, InvoiceLanguage, InvoiceStatus } from '#shared/contract/invoices.ts';

export interface InvoiceTexts {
  invoice: string;
  from: string;
  to: string;
  createDate: string;
  dueDate: string;
  status: Record<InvoiceStatus, string>;
  item: string;
  service: string;
  quantity: string;
  unitPrice: string;
  total: string;
  subtotal: string;
  shipping: string;
  discount: string;
  taxes: string;
  totalAmount: string;
  notes: string;
  thanks: string;
  mailSubject: (number: string, from: string) => string;
  mailBody: (a: { name: string; number: string; total: string; due: string; from: string }) => string;
}

/** Locales for numbers, money and dates (Arabic with Latin digits, as the interface shows them). */
export const invoiceLocales: Record<InvoiceLanguage, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  vi: 'vi-VN',
  cn: 'zh-CN',
  ar: 'ar-u-nu-latn',
};

export const invoiceTexts: Record<InvoiceLanguage, InvoiceTexts> = {
  en: {
    invoice: 'Invoice',
    from: 'Invoice from',
    to: 'Invoice to',
    createDate: 'Date create',
    dueDate: 'Due date',
    status: { draft: 'Draft', pending: 'Pending', paid: 'Paid', overdue: 'Overdue' },
    item: 'Description',
    service: 'Service',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    total: 'Total',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    discount: 'Discount',
    taxes: 'Taxes',
    totalAmount: 'Total',
    notes: 'Notes',
    thanks: 'Thank you for your business.',
    mailSubject: (number, from) => `Invoice ${number} from ${from}`,
    mailBody: ({ name, number, total, due, from }) =>
      `Hello ${name},\n\nHere is invoice ${number} for ${total}, due on ${due}.\n\nThank you,\n${from}`,
  },
  fr: {
    invoice: 'Facture',
    from: 'Facture de',
    to: 'Facture à',
    createDate: 'Date de création',
    dueDate: 'Date d’échéance',
    status: { draft: 'Brouillon', pending: 'En attente', paid: 'Payée', overdue: 'En retard' },
    item: 'Description',
    service: 'Service',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    total: 'Total',
    subtotal: 'Sous-total',
    shipping: 'Livraison',
    discount: 'Remise',
    taxes: 'Taxes',
    totalAmount: 'Total',
    notes: 'Remarques',
    thanks: 'Merci de votre confiance.',
    mailSubject: (number, from) => `Facture ${number} de ${from}`,
    mailBody: ({ name, number, total, due, from }) =>
      `Bonjour ${name},\n\nVoici la facture ${number} d’un montant de ${total}, à régler avant le ${due}.\n\nMerci,\n${from}`,
  },
  vi: {
    invoice: 'Hóa đơn',
    from: 'Hóa đơn từ',
    to: 'Hóa đơn đến',
    createDate: 'Ngày tạo',
    dueDate: 'Ngày đến hạn',
    status: { draft: 'Bản nháp', pending: 'Đang chờ', paid: 'Đã thanh toán', overdue: 'Quá hạn' },
    item: 'Mô tả',
    service: 'Dịch vụ',
    quantity: 'SL',
    unitPrice: 'Đơn giá',
    total: 'Thành tiền',
    subtotal: 'Tạm tính',
    shipping: 'Phí vận chuyển',
    discount: 'Giảm giá',
    taxes: 'Thuế',
    totalAmount: 'Tổng cộng',
    notes: 'Ghi chú',
    thanks: 'Cảm ơn quý khách đã tin tưởng.',
    mailSubject: (number, from) => `Hóa đơn ${number} từ ${from}`,
    mailBody: ({ name, number, total, due, from }) =>
      `Xin chào ${name},\n\nĐây là hóa đơn ${number}, số tiền ${total}, đến hạn ngày ${due}.\n\nXin cảm ơn,\n${from}`,
  },
  cn: {
    invoice: '发票',
    from: '开票方',
    to: '收票方',
    createDate: '开票日期',
    dueDate: '到期日期',
    status: { draft: '草稿', pending: '待付款', paid: '已付款', overdue: '已逾期' },
    item: '描述',
    service: '服务',
    quantity: '数量',
    unitPrice: '单价',
    total: '金额',
    subtotal: '小计',
    shipping: '运费',
    discount: '折扣',
    taxes: '税费',
    totalAmount: '总计',
    notes: '备注',
    thanks: '感谢您的惠顾。',
    mailSubject: (number, from) => `来自 ${from} 的发票 ${number}`,
    mailBody: ({ name, number, total, due, from }) =>
      `${name}，您好：\n\n这是发票 ${number}，金额 ${total}，到期日期 ${due}。\n\n谢谢，\n${from}`,
  },
  ar: {
    invoice: 'فاتورة',
    from: 'فاتورة من',
    to: 'فاتورة إلى',
    createDate: 'تاريخ الإنشاء',
    dueDate: 'تاريخ الاستحقاق',
    status: { draft: 'مسودة', pending: 'قيد الانتظار', paid: 'مدفوعة', overdue: 'متأخرة' },
    item: 'الوصف',
    service: 'الخدمة',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    total: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    shipping: 'الشحن',
    discount: 'الخصم',
    taxes: 'الضرائب',
    totalAmount: 'الإجمالي',
    notes: 'ملاحظات',
    thanks: 'شكرًا لتعاملكم معنا.',
    mailSubject: (number, from) => `الفاتورة ${number} من ${from}`,
    mailBody: ({ name, number, total, due, from }) =>
      `مرحبًا ${name}،\n\nإليكم الفاتورة ${number} بمبلغ ${total}، المستحقة في ${due}.\n\nشكرًا لكم،\n${from}`,
  },
};

/** Cents as money in the invoice's currency, the language's way. */
export function formatMoney(cents: number, currency: string, lang: InvoiceLanguage): string {
  return new Intl.NumberFormat(invoiceLocales[lang], { style: 'currency', currency }).format(cents / 100);
}

/** A day (`YYYY-MM-DD`) the language's way. */
export function formatDay(day: string, lang: InvoiceLanguage): string {
  return new Intl.DateTimeFormat(invoiceLocales[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A tax rate as a percentage, the language's way. */
export function formatPercent(rate: number, lang: InvoiceLanguage): string {
  return new Intl.NumberFormat(invoiceLocales[lang], { style: 'percent', maximumFractionDigits: 2 }).format(
    rate / 100,
  );
}

/** The mail that goes with an invoice: its subject and text in `lang`. */
export function invoiceMail(invoice: Invoice, lang: InvoiceLanguage): { subject: string; text: string } {
  const t = invoiceTexts[lang];
  const from = invoice.invoiceFrom.company || invoice.invoiceFrom.name;
  return {
    subject: t.mailSubject(invoice.invoiceNumber, from),
    text: t.mailBody({
      name: invoice.invoiceTo.name,
      number: invoice.invoiceNumber,
      total: formatMoney(invoice.totalAmount, invoice.currency, lang),
      due: formatDay(invoice.dueDate, lang),
      from,
    }),
  };
}
