// The demo library's notice above the document list: how many demo documents there are, and one button
// that removes them all (they are samples, not the university's rules).
import { useEffect, useState } from 'react';
import { demoLibrary, removeDemoLibrary } from '../api';
import { tc } from '../../../strings/console';

const t = tc.demo;

export function DemoNotice({ onRemoved }: { onRemoved: () => void }) {
  const [count, setCount] = useState(0);
  const [state, setState] = useState<'idle' | 'busy' | 'done' | { error: string }>('idle');
  useEffect(() => {
    demoLibrary()
      .then((d) => setCount(d.count))
      .catch(() => undefined); // the notice is a convenience: the list shows the documents either way
  }, []);
  const remove = async () => {
    setState('busy');
    try {
      await removeDemoLibrary();
      setCount(0);
      setState('done');
      onRemoved();
    } catch (e) {
      setState({ error: (e as Error).message });
    }
  };
  if (state === 'done')
    return (
      <div className="alert alert-success library-error" role="status">
        {t.removed}
      </div>
    );
  if (count === 0) return null;
  return (
    <div className="alert alert-warning library-error" role="status">
      <span>{typeof state === 'object' ? t.failed(state.error) : t.notice(count)}</span>
      <button type="button" className="btn btn-outline btn-sm" onClick={remove} disabled={state === 'busy'}>
        {state === 'busy' ? t.removing : t.remove}
      </button>
    </div>
  );
}
