import { useCallback } from 'react';
import { api, TeamApiError } from './api.ts';
import { useSession } from './session.ts';

/** `api` for signed-in screens: a 401 ends the session in the app (back to sign-in) as well as failing the call. */
export function useApi() {
  const session = useSession();
  return useCallback(
    async <T,>(path: string, options?: { method?: string; body?: unknown }): Promise<T> => {
      try {
        return await api<T>(path, options);
      } catch (error) {
        if (error instanceof TeamApiError && error.status === 401) session.ended();
        throw error;
      }
    },
    [session],
  );
}
