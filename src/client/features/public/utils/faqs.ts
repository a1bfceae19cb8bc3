/** The questions of the FAQs page, in order; their texts are translations (`faqs.items.<id>`). */
export const faqIds = [
  'whatIsAtrium',
  'selfHosted',
  'freePlan',
  'changePlan',
  'payments',
  'languages',
  'darkMode',
  'dataSecurity',
  'cancel',
  'support',
] as const;
export type FaqId = (typeof faqIds)[number];

export interface Faq {
  id: string;
  question: string;
  answer: string;
}

/** The longest search the box accepts (no regular expressions are built from it). */
export const FAQ_SEARCH_MAX = 100;

/** Lower case without accents, so "securite" finds "sécurité" and "bao mat" finds "bảo mật". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The FAQs whose question or answer contains every word of the query (all of them for an empty query). */
export function filterFaqs<T extends Faq>(faqs: readonly T[], query: string): T[] {
  const words = normalizeForSearch(query.slice(0, FAQ_SEARCH_MAX)).split(' ').filter(Boolean);
  if (words.length === 0) return [...faqs];
  return faqs.filter((faq) => {
    const haystack = normalizeForSearch(`${faq.question} ${faq.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
