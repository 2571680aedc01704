// The pager under a console list (the library, the insights questions): the total, previous/next, and the
// page announced when it changes.
export function Pager(props: {
  label: string;
  total: string;
  page: string;
  prevLabel: string;
  nextLabel: string;
  hasPrev: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="pager" aria-label={props.label}>
      <span className="muted">{props.total}</span>
      <div className="pager-controls">
        <button type="button" className="btn btn-outline btn-sm" onClick={props.onPrev} disabled={!props.hasPrev || props.loading} aria-label={props.prevLabel}>
          ‹
        </button>
        <span aria-live="polite">{props.page}</span>
        <button type="button" className="btn btn-outline btn-sm" onClick={props.onNext} disabled={!props.hasNext || props.loading} aria-label={props.nextLabel}>
          ›
        </button>
      </div>
    </nav>
  );
}
