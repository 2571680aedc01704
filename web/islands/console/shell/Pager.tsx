// The pager under a console list (the library, the insights questions): the total, previous/next, and the
// page announced when it changes.
export interface PagedList {
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
  loading: boolean;
  prev: () => void;
  next: () => void;
}

export function Pager(props: {
  list: PagedList;
  /** the page as announced ("หน้า 2" or "หน้า 2 จาก 5") */
  page: string;
  texts: { pagerLabel: string; total: (n: number) => string; prev: string; next: string };
}) {
  const { list, texts: t } = props;
  return (
    <nav className="pager" aria-label={t.pagerLabel}>
      <span className="muted">{t.total(list.total)}</span>
      <div className="pager-controls">
        <button type="button" className="btn btn-outline btn-sm" onClick={list.prev} disabled={!list.hasPrev || list.loading} aria-label={t.prev}>
          ‹
        </button>
        <span aria-live="polite">{props.page}</span>
        <button type="button" className="btn btn-outline btn-sm" onClick={list.next} disabled={!list.hasNext || list.loading} aria-label={t.next}>
          ›
        </button>
      </div>
    </nav>
  );
}
