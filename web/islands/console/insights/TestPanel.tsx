// Question testing (issue 17 item 4) on the insights page: what a student asking this would get, the
// clauses retrieval ranked with their scores, and the evidence the confidence was computed from. Nothing
// is logged. A group's or a list item's "test" button fills the question and runs it (`request`).
import { useEffect, useRef, useState } from 'react';
import { ti } from '../../../strings/insights';
import { testQuestion, type QuestionTestResult } from './api';
import { viewerPath } from '../../../../contracts/viewer-path';
import { viewerText } from '../../../strings/viewer';

const t = ti.test;
const pct1 = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString('th-TH')}%`;
const score = (x: number) => x.toLocaleString('th-TH', { maximumFractionDigits: 3 });

export interface TestRequest {
  question: string;
  /** changes on every request, so asking the same question again runs it again */
  nonce: number;
  /** false: only fill the question in (after a synonym is added, the admin runs it when ready) */
  run?: boolean;
}

function Result({ result }: { result: QuestionTestResult }) {
  const { answer, clauses, evidence } = result;
  const band = ti.stats.band[answer.confidence_band];
  return (
    <div className="test-result" data-testid="test-result">
      <section aria-labelledby="test-answer-heading">
        <h3 id="test-answer-heading">{t.answer}</h3>
        <p className={`band-chip band-chip-${answer.confidence_band}`}>{t.accuracy(answer.accuracy, band)}</p>
        {answer.fallback && <p className="alert alert-error test-fallback">{t.fallback}</p>}
        <div className="test-answer">{answer.text}</div>
        {answer.references.length > 0 && (
          <p className="muted">
            {t.references}: {answer.references.map((r) => [r.headingPath.at(-1), r.title].filter(Boolean).join(' · ')).join(', ')}
          </p>
        )}
      </section>
      <section aria-labelledby="test-clauses-heading">
        <h3 id="test-clauses-heading">{t.clauses}</h3>
        {clauses.length === 0 ? (
          <p className="muted">{t.noClauses}</p>
        ) : (
          <ol className="clause-list">
            {clauses.map((c) => (
              <li key={`${c.document_id}-${c.rank}`} className="clause-item">
                <div className="clause-head">
                  <span className="clause-rank">
                    <span className="visually-hidden">{t.cols.rank} </span>
                    {c.rank}
                  </span>
                  <span className="clause-name">
                    <strong>{c.heading_path.at(-1) ?? c.title}</strong>
                    <span className="muted">
                      {' '}
                      · {c.title} · {t.page(c.page)}
                    </span>
                  </span>
                </div>
                <dl className="clause-scores">
                  <div>
                    <dt>{t.cols.score}</dt>
                    <dd>{score(c.score)}</dd>
                  </div>
                  <div>
                    <dt>{t.cols.confidence}</dt>
                    <dd>{`${Math.round(c.confidence).toLocaleString('th-TH')}%`}</dd>
                  </div>
                </dl>
                <p className="clause-text">{c.text}</p>
                <a className="clause-source" href={viewerPath(c.document_id, c.page, c.text)} target="_blank" rel="noopener" data-testid="clause-source">
                  {viewerText.openSource(c.title, c.page)}
                </a>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="test-evidence-heading">
        <h3 id="test-evidence-heading">{t.evidence}</h3>
        <dl className="evidence-list">
          <div>
            <dt>{t.signals.confidence}</dt>
            <dd>{`${Math.round(evidence.confidence).toLocaleString('th-TH')}%`}</dd>
          </div>
          <div>
            <dt>{t.signals.top_score}</dt>
            <dd>{score(evidence.top_score)}</dd>
          </div>
          {Object.entries(evidence.signals).map(([k, v]) => (
            <div key={k}>
              <dt>{t.signals[k] ?? k}</dt>
              <dd>{pct1(v)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

export function TestPanel({ request }: { request: TestRequest | null }) {
  const [question, setQuestion] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<QuestionTestResult | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const run = async (q: string) => {
    if (!q.trim()) return setError(t.required);
    setRunning(true);
    setError(null);
    try {
      setResult(await testQuestion(q.trim()));
    } catch (e) {
      setError(t.failed((e as Error).message));
    } finally {
      setRunning(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request (its nonce) runs a test, not a re-render
  useEffect(() => {
    if (!request) return;
    setQuestion(request.question);
    sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (request.run !== false) void run(request.question);
  }, [request]);

  return (
    <section ref={sectionRef} className="console-card insights-test" aria-labelledby="test-heading" aria-busy={running || undefined}>
      <h2 id="test-heading">{t.heading}</h2>
      <p className="muted insights-hint">{t.hint}</p>
      <form
        className="test-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(question);
        }}
      >
        <label htmlFor="test-question" className="visually-hidden">
          {t.label}
        </label>
        <input id="test-question" value={question} maxLength={2000} placeholder={t.placeholder} onChange={(e) => setQuestion(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={running}>
          {running ? t.running : t.run}
        </button>
      </form>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {result && <Result result={result} />}
    </section>
  );
}
