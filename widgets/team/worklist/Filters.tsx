import { useState } from 'react';
import { LEAD_KINDS } from '../../../contract/lead-contract.ts';
import { NO_OWNER, type TeamMember, type WorklistQuery } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';

const FIELDS = ['kind', 'owner', 'city', 'source', 'campaign', 'from', 'to', 'late'] as const;

/** The filters other than status and search, folded away on a phone until asked for. */
export function Filters({ query, members, onApply }: { query: WorklistQuery; members: TeamMember[]; onApply(next: WorklistQuery): void }) {
  const t = useMessages();
  const [values, setValues] = useState<WorklistQuery>(() => Object.fromEntries(FIELDS.map((f) => [f, query[f] ?? ''])));
  const set = (key: keyof WorklistQuery) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [key]: event.currentTarget.type === 'checkbox' ? ((event.currentTarget as HTMLInputElement).checked ? '1' : '') : event.currentTarget.value }));
  const active = FIELDS.some((f) => query[f]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onApply({ ...query, ...values });
  };
  const reset = () => {
    const cleared = Object.fromEntries(FIELDS.map((f) => [f, '']));
    setValues(cleared);
    onApply({ ...query, ...cleared });
  };
  return (
    <details className="filters" open={active || undefined}>
      <summary>{t.worklist.filters}</summary>
      <form onSubmit={submit} className="filters-form">
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
            {members.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.worklist.city}
          <input type="text" value={values.city} onChange={set('city')} autoComplete="off" />
        </label>
        <label>
          {t.worklist.source}
          <input type="text" value={values.source} onChange={set('source')} autoComplete="off" />
        </label>
        <label>
          {t.worklist.campaign}
          <input type="text" value={values.campaign} onChange={set('campaign')} autoComplete="off" />
        </label>
        <label>
          {t.worklist.from}
          <input type="date" value={values.from} onChange={set('from')} />
        </label>
        <label>
          {t.worklist.to}
          <input type="date" value={values.to} onChange={set('to')} />
        </label>
        <label className="check">
          <input type="checkbox" checked={values.late === '1'} onChange={set('late')} />
          {t.worklist.lateOnly}
        </label>
        <div className="actions">
          <button type="submit" className="button button-primary">
            {t.worklist.apply}
          </button>
          <button type="button" className="button" onClick={reset}>
            {t.worklist.reset}
          </button>
        </div>
      </form>
    </details>
  );
}
