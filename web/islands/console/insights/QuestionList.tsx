// The logged questions, newest first: filter tabs, a search, the CSV of the same selection, cursor pages.
import { useEffect, useState } from 'react';
import { formatDateTimeBE } from '../../../lib/dates';
import { ti } from '../../../strings/insights';
import { csvUrl, listQuestions, type LoggedQuestion, type QuestionFilter } from './api';
import { useCursorPages } from './useCursorPages';
import { FilterTabs } from '../shell/FilterTabs';
import { Pager } from '../shell/Pager';

const t = ti.list;
const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const FILTERS: QuestionFilter[] = ['unanswered', 'low', 'down', 'all'];

function QuestionItem({ q, onTest }: { q: LoggedQuestion; onTest: (question: string) => void }) {
  return (
    <li className="question-item">
      <div className="question-top">
        <p className="question-text">{q.question}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onTest(q.question)} aria-label={ti.groups.testLabel(t.test, q.question)}>
          {t.test}
        </button>
      </div>
      <p className="question-meta muted">
        <time dateTime={q.asked_at}>{formatDateTimeBE(q.asked_at)}</time>
        <span className={`band-chip band-chip-${q.confidence_band}`}>{q.fallback ? t.fallback : t.confidence(q.confidence)}</span>
        <span>{t.votes(q.up, q.down)}</span>
      </p>
      <p className="question-sources">
        <span className="muted">{t.sources}: </span>
        {q.sources.length ? q.sources.map((s) => [s.clause, s.title].filter(Boolean).join(' · ')).join(', ') : t.noSources}
      </p>
      {q.comments.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: comments of one question have no id and never reorder
        <blockquote key={i} className="question-comment">
          <span className="visually-hidden">{t.comment}: </span>
          {c}
        </blockquote>
      ))}
    </li>
  );
}

export function QuestionList({ onTest }: { onTest: (question: string) => void }) {
  const [filter, setFilter] = useState<QuestionFilter>('unanswered');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useCursorPages(`${filter}|${search.trim()}`, (cursor, signal) => listQuestions(filter, search, cursor, PAGE_SIZE, signal));

  return (
    <section className="console-card insights-list" aria-labelledby="questions-heading">
      <div className="insights-section-head">
        <h2 id="questions-heading">{t.heading}</h2>
        <a className="btn btn-outline btn-sm" href={csvUrl(filter, search)} download>
          {t.csv}
        </a>
      </div>
      <div className="library-toolbar">
        <FilterTabs options={FILTERS} labels={t.filters} value={filter} onChange={setFilter} label={t.filterLabel} className="insights-tabs" />
        <label className="insights-search">
          <span className="visually-hidden">{t.searchLabel}</span>
          <input type="search" value={typed} maxLength={200} placeholder={t.searchPlaceholder} onChange={(e) => setTyped(e.target.value)} />
        </label>
      </div>
      {list.error && (
        <div className="alert alert-error library-error" role="alert">
          <span>{ti.loadError(list.error)}</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={list.retry}>
            {ti.retry}
          </button>
        </div>
      )}
      <div aria-busy={list.loading || undefined}>
        {list.loading && !list.items.length ? (
          <p className="muted library-empty">{ti.loading}</p>
        ) : !list.items.length ? (
          !list.error && <p className="muted library-empty">{search.trim() ? t.emptySearch(search.trim()) : t.empty}</p>
        ) : (
          <ul className="question-list">
            {list.items.map((q) => (
              <QuestionItem key={q.id} q={q} onTest={onTest} />
            ))}
          </ul>
        )}
      </div>
      <Pager list={list} page={t.page(list.page)} texts={t} />
    </section>
  );
}
