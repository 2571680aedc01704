// One row of toggle buttons that filters a list (the library's status tabs, the insights question
// filters): the pressed one is the filter in force, announced with aria-pressed.
export function FilterTabs<T extends string>(props: {
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <div className={props.className ? `tabs ${props.className}` : 'tabs'} role="group" aria-label={props.label}>
      {props.options.map((o) => (
        <button
          key={o}
          type="button"
          className={`tab ${props.value === o ? 'tab-active' : ''}`}
          aria-pressed={props.value === o}
          onClick={() => props.onChange(o)}
        >
          {props.labels[o]}
        </button>
      ))}
    </div>
  );
}
