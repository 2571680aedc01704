// The two charts of the insights page, in plain SVG: questions per day (answered and unanswered stacked)
// and the fallback rate per day. The SVG only draws shapes and stretches to the card's width; every text
// (scale, first and last day, legend) is HTML beside it, so it stays readable on a 390 px phone. Each chart
// is an image with a Thai description for screen readers, and the same figures as a table on request.
import type { InsightsSummary } from './api';
import { ti } from '../../../strings/insights';

type Day = InsightsSummary['per_day'][number];

const t = ti.charts;
const VIEW_H = 100;
/** each day is this wide in SVG units; the bar leaves a gap either side */
const SLOT = 10;
const BAR = 7;

// a date key (YYYY-MM-DD) is a calendar day, not an instant: read and write it in UTC so no zone shifts it
const short = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const full = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
export const shortDay = (key: string) => short.format(new Date(`${key}T00:00:00Z`));
export const fullDay = (key: string) => full.format(new Date(`${key}T00:00:00Z`));

const rate = (d: Day) => (d.questions > 0 ? d.fallbacks / d.questions : 0);

/** A round top for the scale (1, 2, 5, 10, 20, 50 …) so the gridline label is a plain number. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * step).find((v) => v >= max) ?? 10 * step;
}

function DayAxis({ days }: { days: Day[] }) {
  if (days.length === 0) return null;
  return (
    <div className="chart-x" aria-hidden="true">
      <span>{shortDay(days[0].date)}</span>
      <span>{shortDay(days[days.length - 1].date)}</span>
    </div>
  );
}

function DayTable({ days, caption }: { days: Day[]; caption: string }) {
  return (
    <details className="chart-table">
      <summary>{t.showTable}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box a keyboard must reach to scroll it (axe: scrollable-region-focusable) */}
      <section className="chart-table-scroll" tabIndex={0} aria-label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colDate}</th>
              <th scope="col">{t.colQuestions}</th>
              <th scope="col">{t.colFallbacks}</th>
              <th scope="col">{t.colRate}</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.date}>
                <th scope="row">{fullDay(d.date)}</th>
                <td>{d.questions.toLocaleString('th-TH')}</td>
                <td>{d.fallbacks.toLocaleString('th-TH')}</td>
                <td>{d.questions ? ti.pct(rate(d)) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

export function QuestionsPerDayChart({ summary }: { summary: InsightsSummary }) {
  const days = summary.per_day;
  const top = niceMax(Math.max(0, ...days.map((d) => d.questions)));
  const peak = days.reduce((a, b) => (b.questions > a.questions ? b : a), days[0]);
  const scale = (v: number) => (v / top) * VIEW_H;
  const label = peak ? t.perDayLabel(summary.days, summary.total, summary.fallbacks, fullDay(peak.date), peak.questions) : t.noData;
  return (
    <figure className="chart console-card">
      <figcaption className="chart-head">
        <h3>{t.perDay}</h3>
        <span className="chart-legend" aria-hidden="true">
          <span className="legend-swatch swatch-answered" /> {t.legendAnswered}
          <span className="legend-swatch swatch-fallback" /> {t.legendFallback}
        </span>
      </figcaption>
      <div className="chart-area">
        <div className="chart-y" aria-hidden="true">
          <span>{top.toLocaleString('th-TH')}</span>
          <span>0</span>
        </div>
        <svg className="chart-svg" role="img" aria-label={label} viewBox={`0 0 ${Math.max(1, days.length) * SLOT} ${VIEW_H}`} preserveAspectRatio="none">
          <line className="chart-grid" x1="0" x2={days.length * SLOT} y1="0.5" y2="0.5" vectorEffect="non-scaling-stroke" />
          <line className="chart-grid" x1="0" x2={days.length * SLOT} y1={VIEW_H / 2} y2={VIEW_H / 2} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const answered = scale(d.questions - d.fallbacks);
            const fallback = scale(d.fallbacks);
            const x = i * SLOT + (SLOT - BAR) / 2;
            return (
              <g key={d.date}>
                <rect className="bar-answered" x={x} width={BAR} y={VIEW_H - answered} height={answered} />
                <rect className="bar-fallback" x={x} width={BAR} y={VIEW_H - answered - fallback} height={fallback} />
              </g>
            );
          })}
        </svg>
      </div>
      <DayAxis days={days} />
      <DayTable days={days} caption={t.perDay} />
    </figure>
  );
}

export function FallbackRateChart({ summary }: { summary: InsightsSummary }) {
  const days = summary.per_day;
  const asked = days.filter((d) => d.questions > 0);
  const worst = asked.reduce<Day | undefined>((a, b) => (!a || rate(b) > rate(a) ? b : a), undefined);
  const label = worst ? t.rateLabel(summary.days, ti.pct(summary.fallback_rate), fullDay(worst.date), ti.pct(rate(worst))) : t.noData;
  const x = (i: number) => i * SLOT + SLOT / 2;
  const y = (d: Day) => VIEW_H - rate(d) * VIEW_H;
  // days without questions have no rate: the line breaks there rather than dropping to 0 %
  const segments: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 1) segments.push(current.join(''));
    current = [];
  };
  days.forEach((d, i) => {
    if (d.questions === 0) return flush();
    current.push(`${current.length ? 'L' : 'M'}${x(i)},${y(d)}`);
  });
  flush();
  return (
    <figure className="chart console-card">
      <figcaption className="chart-head">
        <h3>{t.rate}</h3>
        <span className="chart-legend">
          {ti.stats.fallbackRate} {ti.pct(summary.fallback_rate)}
        </span>
      </figcaption>
      <div className="chart-area">
        <div className="chart-y" aria-hidden="true">
          <span>100%</span>
          <span>0%</span>
        </div>
        <svg className="chart-svg" role="img" aria-label={label} viewBox={`0 0 ${Math.max(1, days.length) * SLOT} ${VIEW_H}`} preserveAspectRatio="none">
          <line className="chart-grid" x1="0" x2={days.length * SLOT} y1="0.5" y2="0.5" vectorEffect="non-scaling-stroke" />
          <line className="chart-grid" x1="0" x2={days.length * SLOT} y1={VIEW_H / 2} y2={VIEW_H / 2} vectorEffect="non-scaling-stroke" />
          {segments.map((d) => (
            <path key={d} className="rate-line" d={d} vectorEffect="non-scaling-stroke" />
          ))}
          {/* a lone day (no neighbour to draw a line to) is a short tick */}
          {days.map((d, i) =>
            d.questions > 0 && !days[i - 1]?.questions && !days[i + 1]?.questions ? (
              <path key={d.date} className="rate-line" d={`M${x(i) - 2},${y(d)}L${x(i) + 2},${y(d)}`} vectorEffect="non-scaling-stroke" />
            ) : null,
          )}
        </svg>
      </div>
      <DayAxis days={days} />
      <DayTable days={days} caption={t.rate} />
    </figure>
  );
}
