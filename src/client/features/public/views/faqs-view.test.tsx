import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../../testing/test-utils.tsx';
import { faqIds } from '../utils/faqs.ts';
import { FaqsView } from './faqs-view.tsx';

function renderFaqs() {
  return renderRoutes([{ path: '/faqs', element: <FaqsView /> }], { initialEntries: ['/faqs'] });
}

const questions = () => screen.queryAllByRole('button', { expanded: false });

describe('FAQs page', () => {
  it('lists every question, and opens an answer', async () => {
    renderFaqs();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(questions()).toHaveLength(faqIds.length);
    await userEvent.click(screen.getByRole('button', { name: 'Is there a dark mode?' }));
    expect(screen.getByRole('button', { name: 'Is there a dark mode?' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('region', { name: 'Is there a dark mode?' }).textContent).toContain(
      'settings drawer',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Is there a dark mode?' })).toBeTruthy();
  });

  it('filters questions and answers as you type, and shows an empty state when nothing matches', async () => {
    renderFaqs();
    const search = screen.getByRole('searchbox', { name: 'Search the questions' });

    await userEvent.type(search, 'argon2id');
    expect(await screen.findByText(`1 of ${faqIds.length} questions`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'How is my data protected?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Is there a dark mode?' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'kubernetes');
    expect(await screen.findByRole('heading', { name: 'No results' })).toBeTruthy();
    expect(screen.getByText('No question or answer matches “kubernetes”. Try other words.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText(`${faqIds.length} of ${faqIds.length} questions`)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No results' })).toBeNull();
  });
});
