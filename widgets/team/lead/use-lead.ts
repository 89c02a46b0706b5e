import { useEffect, useState } from 'react';
import { TEAM_API, type LeadDetail, type Neighbours, type TeamMember } from '../../../contract/team.ts';
import { useApi } from '../app/use-api.ts';

/**
 * A lead's page's data: the lead, the team (for its owner), and the leads around it in the
 * list it was opened from (`listQuery`: that list's filters), read as it opens, so "Save and
 * next" goes to the lead that was after it even when the save takes it out of the list.
 */
export function useLead(id: number, listQuery: string) {
  const call = useApi();
  const [lead, setLead] = useState<LeadDetail | null>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [neighbours, setNeighbours] = useState<Neighbours>({ previous: null, next: null });
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    call<{ lead: LeadDetail }>(TEAM_API.lead(id)).then((r) => setLead(r.lead), setError);
    call<{ members: TeamMember[] }>(TEAM_API.members).then((r) => setMembers(r.members), () => undefined);
    call<Neighbours>(`${TEAM_API.neighbours(id)}${listQuery}`).then(setNeighbours, () => undefined);
  }, [id, listQuery, call]);
  return { lead, setLead, members, neighbours, error };
}
