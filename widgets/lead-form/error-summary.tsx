/**
 * The summary at the top of a page that gives a form back (GOV.UK's error summary): its
 * title, then each refused field as a link to that field, or the reason nothing was stored.
 * Only on the service's answer pages, where the form is in the page itself: a link cannot
 * reach into a shadow root.
 */
import type { FieldProblem } from '../../contract/form-post.ts';

export function ErrorSummary({ idPrefix, title, problems, message }: { idPrefix: string; title: string; problems: FieldProblem[]; message?: string }) {
  return (
    <div className="error-summary">
      <div role="alert">
        <h2 className="error-summary__title">
          {title}
        </h2>
        {message ? <p className="error-summary__message">{message}</p> : null}
        {problems.length ? (
          <ul className="error-summary__list">
            {problems.map((problem) => (
              <li key={problem.name}>
                <a href={`#${idPrefix}-${problem.name}`}>{problem.message}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
