import { LEAD_STATUSES, type LeadStatus, type WorklistPage, type WorklistQuery } from '../../../contract/team.ts';
import { onLinkClick } from '../app/router.ts';
import { useMessages } from '../i18n/index.ts';
import { listHref } from './query.ts';

interface Props {
  query: WorklistQuery;
  tally: Omit<WorklistPage, 'leads' | 'next'>;
  filtersId: string;
  filtersOpen: boolean;
  filtersSet: number;
  onFilters(): void;
}

/**
 * One row of chips that scrolls sideways: "Late (n)" first, then all leads and each status
 * with leads (an empty one hidden, unless chosen), each counting within the other filters
 * and the search; then the other filters' switch.
 */
export function Chips({ query, tally, filtersId, filtersOpen, filtersSet, onFilters }: Props) {
  const t = useMessages();
  const base = { ...query, status: '', late: '' };
  const statuses: readonly LeadStatus[] = query.kind === 'society' || query.kind === 'career' ? LEAD_STATUSES[query.kind] : [...new Set([...LEAD_STATUSES.society, ...LEAD_STATUSES.career])];
  const counts = tally.counts;
  const chips = [
    ...(query.spam ? [] : [{ key: 'late', label: t.worklist.late, n: tally.late, href: listHref({ ...base, late: '1' }), current: Boolean(query.late), late: true }]),
    { key: 'all', label: t.worklist.all, n: counts && Object.values(counts).reduce((a, b) => a + b, 0), href: listHref(base), current: !query.late && !query.status, late: false },
    ...statuses.map((s) => ({ key: s, label: t.statuses[s], n: counts?.[s], href: listHref({ ...base, status: s }), current: query.status === s, late: false })),
  ].filter((chip) => chip.current || chip.key === 'all' || chip.n !== 0);
  return (
    <nav className="chips" aria-label={t.worklist.show}>
      <ul>
        {chips.map((chip) => (
          <li key={chip.key}>
            <a href={chip.href} onClick={onLinkClick} aria-current={chip.current ? 'page' : undefined} className={chip.late ? 'chip chip-late' : 'chip'}>
              {t.worklist.chip(chip.label, chip.n)}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="chip" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={onFilters}>
            {t.worklist.chip(t.worklist.filters, filtersSet || undefined)}
          </button>
        </li>
      </ul>
    </nav>
  );
}
