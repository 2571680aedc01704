// Unanswered and low-confidence questions grouped by topic: "๒๓ คำถามเกี่ยวกับ “ลา · ป่วย”", a few of them,
// and what the admin can do: test the question again, or tell the bot what the students' words mean.
import { formatDateTimeBE } from '../../../lib/dates';
import { ti } from '../../../strings/insights';
import { listGroups, type QuestionGroup } from './api';
import { useCursorPages } from './useCursorPages';

const t = ti.groups;

function GroupCard({ group, onTest, onSynonym }: { group: QuestionGroup; onTest: (q: string) => void; onSynonym: (g: QuestionGroup) => void }) {
  const words = group.top_words.join(' · ');
  return (
    <li className="group-card">
      <h3 className="group-title">{t.title(group.count, words)}</h3>
      <p className="muted group-meta">
        {t.detail(group.unanswered, group.down)} · {t.lastAsked(formatDateTimeBE(group.last_asked_at))}
      </p>
      <ul className="group-examples">
        {group.examples.map((e) => (
          <li key={e.id}>{e.question}</li>
        ))}
      </ul>
      <div className="group-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => onTest(group.examples[0].question)}
          aria-label={t.testLabel(t.test, group.examples[0].question)}
        >
          {t.test}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onSynonym(group)}>
          {t.addSynonym}
        </button>
      </div>
    </li>
  );
}

export function TopicGroups({
  days,
  version,
  onTest,
  onSynonym,
}: {
  days: number;
  version: number;
  onTest: (q: string) => void;
  onSynonym: (g: QuestionGroup) => void;
}) {
  const pages = useCursorPages(`${days}|${version}`, (cursor, signal) => listGroups(days, cursor, signal));
  return (
    <section className="console-card insights-groups" aria-labelledby="groups-heading">
      <div className="insights-section-head">
        <h2 id="groups-heading">{t.heading}</h2>
      </div>
      <p className="muted insights-hint">{t.hint}</p>
      {pages.error && (
        <div className="alert alert-error library-error" role="alert">
          <span>{ti.loadError(pages.error)}</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={pages.retry}>
            {ti.retry}
          </button>
        </div>
      )}
      <div aria-busy={pages.loading || undefined}>
        {pages.loading && !pages.items.length ? (
          <p className="muted library-empty">{ti.loading}</p>
        ) : !pages.items.length ? (
          !pages.error && <p className="muted library-empty">{t.empty}</p>
        ) : (
          <ul className="group-list">
            {pages.items.map((g) => (
              <GroupCard key={g.examples[0]?.id} group={g} onTest={onTest} onSynonym={onSynonym} />
            ))}
          </ul>
        )}
      </div>
      {(pages.hasPrev || pages.hasNext) && (
        <nav className="pager" aria-label={t.pagerLabel}>
          <span className="muted">{t.total(pages.total)}</span>
          <div className="pager-controls">
            <button type="button" className="btn btn-outline btn-sm" onClick={pages.prev} disabled={!pages.hasPrev || pages.loading} aria-label={ti.list.prev}>
              ‹
            </button>
            <span aria-live="polite">{ti.list.page(pages.page)}</span>
            <button type="button" className="btn btn-outline btn-sm" onClick={pages.next} disabled={!pages.hasNext || pages.loading} aria-label={ti.list.next}>
              ›
            </button>
          </div>
        </nav>
      )}
    </section>
  );
}
