import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { SearchSuggestField } from './search-suggest-field.tsx';

type Fruit = { id: string; name: string };
const fruits: Fruit[] = [
  { id: '1', name: 'Apple' },
  { id: '2', name: 'Apricot' },
  { id: '3', name: 'Banana' },
];

/** A page that keeps its search in state, as the shop keeps it in the address. */
function Page({ onSearch, onPick }: { onSearch: (words: string) => void; onPick: (fruit: Fruit) => void }) {
  const [search, setSearch] = useState('');
  const [words, setWords] = useState('');
  const options = words
    ? fruits.filter((fruit) => fruit.name.toLowerCase().startsWith(words.toLowerCase()))
    : [];
  return (
    <>
      <SearchSuggestField
        value={search}
        label="Search fruit"
        placeholder="Fruit…"
        options={options}
        onWords={setWords}
        getLabel={(fruit) => fruit.name}
        renderOption={(fruit) => <span>{fruit.name}</span>}
        onSearch={(next) => {
          onSearch(next);
          setSearch(next);
        }}
        onPick={onPick}
      />
      <button type="button" onClick={() => setSearch('')}>
        Clear the search
      </button>
    </>
  );
}

describe('SearchSuggestField', () => {
  it('suggests as you type, opens a suggestion, searches on Enter, and follows a search cleared elsewhere', async () => {
    const onSearch = vi.fn();
    const onPick = vi.fn();
    render(<Page onSearch={onSearch} onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Search fruit' });

    await userEvent.type(box, 'ap');
    expect(await screen.findByRole('option', { name: 'Apple' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Apricot' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Banana' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Apricot' }));
    expect(onPick).toHaveBeenCalledWith(fruits[1]);
    expect(onSearch).not.toHaveBeenCalled();

    await userEvent.clear(box);
    await userEvent.type(box, '  banana  {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('banana');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((box as HTMLInputElement).value).toBe('');
  });
});
