/** Who is signed in, for every screen: the member, and what to do when the API says the session has ended. */
import { createContext, useContext } from 'react';
import type { TeamMember } from '../../../contract/team.ts';

export interface Session {
  member: TeamMember;
  /** The API answered 401: back to sign-in. */
  ended(): void;
  /** The member changed their own name or language. */
  changed(member: TeamMember): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in screen');
  return session;
}
