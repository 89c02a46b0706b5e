import { useState } from 'react';
import type { WorklistPage } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';

interface Props {
  id: string;
  term: string;
  tally: Omit<WorklistPage, 'leads' | 'next'> | undefined;
  onSearch(term: string): void;
}

/** The search, and right under it, while searching, how many it found and a way back to the whole list. */
export function SearchBar({ id, term, tally, onSearch }: Props) {
  const t = useMessages();
  const [typed, setTyped] = useState(term);
  return (
    <form
      className="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t.worklist.searchLabel}
      </label>
      <div className="search-row">
        <input id={id} type="search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" enterKeyHint="search" />
        <button type="submit" className="button button-primary">
          {t.worklist.searchButton}
        </button>
      </div>
      {term && (
        <p className="search-found">
          <span role="status">{tally?.matches === undefined ? '' : t.worklist.matches(tally.matches, tally.matchesCapped ?? false)}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setTyped('');
              onSearch('');
            }}
          >
            {t.worklist.clearSearch}
          </button>
        </p>
      )}
    </form>
  );
}
