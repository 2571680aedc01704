// /admin/management/insights (issue 17 items 3, 4): what students ask and what the library does not answer.
// The summary and charts for the chosen period, the unanswered questions grouped by topic, question
// testing, the question list with its CSV, and the most cited documents and clauses.
import { useEffect, useState } from 'react';
import { Shortcuts } from '../shell/Shortcuts';
import { usePageTitle } from '../shell/usePageTitle';
import { ti } from '../../../strings/insights';
import { getSummary, type InsightsSummary, type QuestionGroup } from './api';
import { FallbackRateChart, QuestionsPerDayChart } from './charts';
import { TopicGroups } from './TopicGroups';
import { TestPanel, type TestRequest } from './TestPanel';
import { QuestionList } from './QuestionList';
import { AddSynonymDialog } from './AddSynonymDialog';

const PERIODS = [7, 30, 90];
const n = (x: number) => x.toLocaleString('th-TH');

function Stats({ s }: { s: InsightsSummary }) {
  const t = ti.stats;
  return (
    <section className="insights-stats" aria-label={t.heading}>
      <div className="stat console-card">
        <span className="stat-label">{t.total}</span>
        <strong className="stat-value">{n(s.total)}</strong>
      </div>
      <div className="stat console-card">
        <span className="stat-label">{t.fallbackRate}</span>
        <strong className="stat-value">{ti.pct(s.fallback_rate)}</strong>
        <span className="muted">{t.fallbacks(s.fallbacks)}</span>
      </div>
      <div className="stat console-card">
        <span className="stat-label">{t.votes}</span>
        <strong className="stat-value stat-votes">
          <span>{t.up(s.votes.up)}</span>
          <span>{t.down(s.votes.down)}</span>
        </strong>
      </div>
      <div className="stat console-card">
        <span className="stat-label">{t.bands}</span>
        <span className="stat-bands">
          {(['high', 'medium', 'low'] as const).map((b) => (
            <span key={b} className={`band-chip band-chip-${b}`}>
              {t.band[b]} {n(s.bands[b])}
            </span>
          ))}
        </span>
      </div>
    </section>
  );
}

function TopCited({ s }: { s: InsightsSummary }) {
  const t = ti.top;
  const max = Math.max(1, ...s.top_documents.map((d) => d.count), ...s.top_clauses.map((c) => c.count));
  const bar = (count: number) => <span className="cited-bar" style={{ width: `${(count / max) * 100}%` }} aria-hidden="true" />;
  return (
    <div className="insights-grid">
      <section className="console-card" aria-labelledby="top-docs-heading">
        <h2 id="top-docs-heading">{t.documents}</h2>
        {s.top_documents.length === 0 ? (
          <p className="muted">{t.none}</p>
        ) : (
          <ol className="cited-list">
            {s.top_documents.map((d) => (
              <li key={d.document_id}>
                <span className="cited-name">{d.title}</span>
                <span className="cited-count">{t.times(d.count)}</span>
                {bar(d.count)}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="console-card" aria-labelledby="top-clauses-heading">
        <h2 id="top-clauses-heading">{t.clauses}</h2>
        {s.top_clauses.length === 0 ? (
          <p className="muted">{t.none}</p>
        ) : (
          <ol className="cited-list">
            {s.top_clauses.map((c) => (
              <li key={`${c.document_id}|${c.clause}|${c.page}`}>
                <span className="cited-name">
                  <strong>{c.clause || t.page(c.page)}</strong> <span className="muted">· {c.title}</span>
                </span>
                <span className="cited-count">{t.times(c.count)}</span>
                {bar(c.count)}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function InsightsPage() {
  usePageTitle(ti.title);
  const [days, setDays] = useState(30);
  const [summary, setSummary] = useState<InsightsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [testRequest, setTestRequest] = useState<TestRequest | null>(null);
  const [synonymFor, setSynonymFor] = useState<QuestionGroup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [groupsVersion, setGroupsVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the retry button's request for the same days
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    getSummary(days, ctrl.signal)
      .then(setSummary)
      .catch((e: Error) => {
        if (!ctrl.signal.aborted) setError(e.message);
      });
    return () => ctrl.abort();
  }, [days, reload]);

  const test = (question: string, run = true) => setTestRequest((r) => ({ question, run, nonce: (r?.nonce ?? 0) + 1 }));

  return (
    <div className="console-page insights">
      <div className="page-head">
        <div>
          <h1>{ti.title}</h1>
          <p className="muted">{ti.subtitle}</p>
        </div>
        <Shortcuts show={['library', 'access', 'settings']} />
      </div>

      <div className="insights-toolbar">
        <label className="select-label">
          <span>{ti.period}</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {ti.periods[d]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {error && (
        <div className="alert alert-error library-error" role="alert">
          <span>{ti.loadError(error)}</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setReload((x) => x + 1)}>
            {ti.retry}
          </button>
        </div>
      )}
      {!summary && !error && <p className="muted library-empty">{ti.loading}</p>}
      {summary && (
        <>
          <Stats s={summary} />
          <div className="insights-grid">
            <QuestionsPerDayChart summary={summary} />
            <FallbackRateChart summary={summary} />
          </div>
        </>
      )}

      {notice && (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      )}
      <TopicGroups days={days} version={groupsVersion} onTest={(q) => test(q)} onSynonym={setSynonymFor} />
      <TestPanel request={testRequest} />
      <QuestionList onTest={(q) => test(q)} />
      {summary && <TopCited s={summary} />}

      <AddSynonymDialog
        group={synonymFor}
        onClose={() => setSynonymFor(null)}
        onSaved={(message) => {
          const question = synonymFor?.examples[0]?.question;
          setSynonymFor(null);
          setNotice(message);
          setGroupsVersion((v) => v + 1);
          // the question is filled in the test panel; the admin runs it to see the new answer
          if (question) test(question, false);
        }}
      />
    </div>
  );
}
