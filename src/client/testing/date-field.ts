import { screen, waitFor, within } from '@testing-library/react';

/**
 * What a MUI X date field labelled `label` shows, its sections joined by '/' in the order the language shows
 * them (`03/01/2026` in English); '' while it is empty. Waits for the field (the pickers load lazily).
 */
export async function shownDate(label: string): Promise<string> {
  const group = await waitFor(() => screen.getByRole('group', { name: label }));
  const sections = within(group).getAllByRole('spinbutton');
  const texts = sections.map((s) =>
    s.getAttribute('aria-valuetext') === 'Empty' ? '' : (s.textContent ?? ''),
  );
  return texts.every((t) => t === '') ? '' : texts.join('/');
}
