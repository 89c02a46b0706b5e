import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useMessages } from '../i18n/index.ts';

/**
 * The bar at the foot of the screen, always within a thumb's reach: Save, Save and next, and
 * what the last save did (or why it was refused), right beside them.
 */
export function SaveBar({ form, saving, said, alert, hasNext }: { form: string; saving: boolean; said: string | null; alert: unknown; hasNext: boolean }) {
  const t = useMessages();
  return (
    <div className="save-bar">
      <p className="save-said" role="status">
        {said ?? ''}
      </p>
      {typeof alert === 'string' ? (
        <p className="message message-error" role="alert">
          {alert}
        </p>
      ) : (
        <ErrorMessage error={alert} />
      )}
      <div className="save-actions">
        <button type="submit" form={form} name="then" value="stay" className={hasNext ? 'button' : 'button button-primary'} disabled={saving}>
          {saving ? t.lead.saving : t.lead.save}
        </button>
        {hasNext && (
          <button type="submit" form={form} name="then" value="next" className="button button-primary" disabled={saving}>
            {t.lead.saveNext}
          </button>
        )}
      </div>
    </div>
  );
}
