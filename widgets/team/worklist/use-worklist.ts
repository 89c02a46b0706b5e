import { useCallback, useEffect, useState } from 'react';
import { TEAM_API, type WorklistPage } from '../../../contract/team.ts';
import { useApi } from '../app/use-api.ts';
import { refreshed, remember, remembered, type ListData } from './list-memory.ts';

/**
 * A list's leads for the API query `apiQuery` (its filters), remembered under `list` (its
 * address): drawn from memory at once when the list was shown before (Back), and always
 * brought up to date from the service; "Show more" adds the next page.
 */
export function useWorklist(list: string, apiQuery: string) {
  const call = useApi();
  const [data, setData] = useState<ListData | null>(() => remembered(list) ?? null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    call<WorklistPage>(`${TEAM_API.leads}${apiQuery}`).then(
      (page) => {
        if (!live) return;
        const next = refreshed(page, remembered(list));
        remember(list, next);
        setData(next);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [list, apiQuery, call]);

  const showMore = useCallback(async () => {
    if (!data?.next) return;
    try {
      const separator = apiQuery ? '&' : '?';
      const page = await call<WorklistPage>(`${TEAM_API.leads}${apiQuery}${separator}before=${encodeURIComponent(data.next)}`);
      const more = { ...data, leads: [...data.leads, ...page.leads], next: page.next };
      remember(list, more);
      setData(more);
    } catch (e) {
      setError(e);
    }
  }, [data, list, apiQuery, call]);

  return { data, error, showMore };
}
