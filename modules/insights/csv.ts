// GET /api/insights/questions.csv: the filtered question list for a spreadsheet. UTF-8 with a byte-order
// mark (without it Excel reads Thai as mojibake), CRLF rows, and no cell that a spreadsheet would run as a
// formula: a question typed as "=HYPERLINK(…)" is written as text ('=…), the OWASP advice.
import type { AppContext } from '../../src/context';
import type { LoggedQuestion, QuestionFilter } from '../../contracts/insights';
import { allQuestions } from './question-list';
import { stripUnsafeText } from '../../contracts/user-text';

const BOM = '\uFEFF';

export const CSV_HEADER = ['วันเวลาที่ถาม', 'คำถาม', 'ความมั่นใจ (%)', 'ระดับความมั่นใจ', 'ตอบไม่ได้', 'ข้อที่อ้างอิง', 'ถูกใจ', 'ไม่ถูกใจ', 'ความคิดเห็น'];

const BAND = { high: 'สูง', medium: 'ปานกลาง', low: 'ต่ำ' } as const;

/** A spreadsheet cell holds at most this many characters (Excel); a longer one breaks the row or the import. */
export const CELL_MAX = 32_767;

/**
 * A cell a spreadsheet shows as text: control and bidi characters removed (rows logged before they were
 * stripped at storage), formula triggers neutralised, cut to CELL_MAX with an ellipsis, quoted when it holds a
 * separator, a quote or a line break.
 */
export function csvCell(value: string | number): string {
  let s = stripUnsafeText(String(value));
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (s.length > CELL_MAX) {
    const cut = s.slice(0, CELL_MAX - 1);
    s = `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const row = (cells: Array<string | number>) => `${cells.map(csvCell).join(',')}\r\n`;

function localTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function cells(q: LoggedQuestion, timeZone: string): Array<string | number> {
  return [
    localTime(q.asked_at, timeZone),
    q.question,
    Math.round(q.confidence),
    BAND[q.confidence_band],
    q.fallback ? 'ใช่' : 'ไม่',
    q.sources.map((s) => [s.title, s.clause, `หน้า ${s.page}`].filter(Boolean).join(' ')).join(' | '),
    q.up,
    q.down,
    q.comments.join(' | '),
  ];
}

export function questionsCsv(ctx: AppContext, q: { filter?: QuestionFilter; search?: string }): Response {
  const encoder = new TextEncoder();
  const batches = allQuestions(ctx, q);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + row(CSV_HEADER)));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((item) => row(cells(item, ctx.config.timeZone))).join('')));
    },
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.timeZone }).format(new Date());
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="questions-${q.filter ?? 'all'}-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
