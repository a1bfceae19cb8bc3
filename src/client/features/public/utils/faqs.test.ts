import { describe, expect, it } from 'vitest';

import { FAQ_SEARCH_MAX, filterFaqs, normalizeForSearch } from './faqs.ts';

const faqs = [
  { id: 'a', question: 'Is there a free plan?', answer: 'Yes, the Basic plan is free forever.' },
  { id: 'b', question: 'Which languages are available?', answer: 'English, French and Arabic.' },
  { id: 'c', question: 'Comment la sécurité est-elle assurée ?', answer: 'Argon2id et sessions révocables.' },
  { id: 'd', question: 'Dữ liệu của tôi được bảo vệ thế nào?', answer: 'Mật khẩu được băm.' },
];

describe('FAQ search', () => {
  it('returns every question for an empty or blank query', () => {
    expect(filterFaqs(faqs, '')).toHaveLength(4);
    expect(filterFaqs(faqs, '   ')).toHaveLength(4);
  });

  it('matches questions and answers, ignoring case', () => {
    expect(filterFaqs(faqs, 'FREE').map((f) => f.id)).toEqual(['a']);
    expect(filterFaqs(faqs, 'arabic').map((f) => f.id)).toEqual(['b']);
  });

  it('needs every word, in any order', () => {
    expect(filterFaqs(faqs, 'plan basic').map((f) => f.id)).toEqual(['a']);
    expect(filterFaqs(faqs, 'plan arabic')).toEqual([]);
  });

  it('ignores accents (French, Vietnamese)', () => {
    expect(filterFaqs(faqs, 'securite').map((f) => f.id)).toEqual(['c']);
    expect(filterFaqs(faqs, 'bao ve').map((f) => f.id)).toEqual(['d']);
    expect(filterFaqs(faqs, 'du lieu').map((f) => f.id)).toEqual(['d']);
    expect(normalizeForSearch('  Sécurité   Đà  ')).toBe('securite da');
  });

  it('finds nothing for unrelated text and treats regex characters literally', () => {
    expect(filterFaqs(faqs, 'kubernetes')).toEqual([]);
    expect(filterFaqs(faqs, '(a+)+$')).toEqual([]);
    expect(filterFaqs(faqs, '?').map((f) => f.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('looks at the first FAQ_SEARCH_MAX characters only', () => {
    expect(filterFaqs(faqs, `free${' '.repeat(FAQ_SEARCH_MAX)}zzz`).map((f) => f.id)).toEqual(['a']);
  });
});
