import { useState } from 'react';
import { LEAD_KINDS } from '../../../contract/lead-contract.ts';
import { NO_OWNER, type TeamMember, type WorklistQuery } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';
import { MemberOptions } from '../app/options.tsx';

/** The filters besides status, late and search (each a chip or the search box). */
export const OTHER_FILTERS = ['kind', 'owner', 'city', 'source', 'campaign', 'from', 'to'] as const;

/** The other filters' panel, opened by its chip. */
export function Filters({ id, query, members, onApply }: { id: string; query: WorklistQuery; members: TeamMember[]; onApply(next: WorklistQuery): void }) {
  const t = useMessages();
  const [values, setValues] = useState<WorklistQuery>(() => Object.fromEntries(OTHER_FILTERS.map((f) => [f, query[f] ?? ''])));
  const set = (key: keyof WorklistQuery) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [key]: event.currentTarget.value }));
  const text = (key: 'city' | 'source' | 'campaign') => <input type="text" value={values[key]} onChange={set(key)} autoComplete="off" />;
  return (
    <form
      id={id}
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...query, ...values });
      }}
    >
      <label>
        {t.worklist.kind}
        <select value={values.kind} onChange={set('kind')}>
          <option value="">{t.worklist.anyKind}</option>
          {LEAD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.worklist.owner}
        <select value={values.owner} onChange={set('owner')}>
          <option value="">{t.worklist.anyOwner}</option>
          <option value={NO_OWNER}>{t.worklist.noOwner}</option>
          <MemberOptions members={members} />
        </select>
      </label>
      <label>
        {t.worklist.city}
        {text('city')}
      </label>
      <label>
        {t.worklist.source}
        {text('source')}
      </label>
      <label>
        {t.worklist.campaign}
        {text('campaign')}
      </label>
      <label>
        {t.worklist.from}
        <input type="date" value={values.from} onChange={set('from')} />
      </label>
      <label>
        {t.worklist.to}
        <input type="date" value={values.to} onChange={set('to')} />
      </label>
      <div className="actions">
        <button type="submit" className="button button-primary">
          {t.worklist.apply}
        </button>
        <button type="button" className="button" onClick={() => onApply({ ...query, ...Object.fromEntries(OTHER_FILTERS.map((f) => [f, ''])) })}>
          {t.worklist.reset}
        </button>
      </div>
    </form>
  );
}
