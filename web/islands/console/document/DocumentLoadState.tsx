import type { ReactNode } from 'react';
import { tc } from '../../../strings/console';

const t = tc.form;

/**
 * What the view and edit pages show before their document can be: no id in the address, loading, a load error (console.md
 * §8 keeps it apart from "no data"), or nothing found. Null once the document is there.
 */
export function documentLoadState(fileid: string | undefined, state: { loading: boolean; error: string | null; found: boolean }): ReactNode | null {
  if (!fileid) return <p className="console-card console-message">{t.noId}</p>;
  if (state.loading) return <p className="console-card console-message muted">{t.loading}</p>;
  if (state.error)
    return (
      <p className="console-card console-message alert-error" role="alert">
        {t.loadError(state.error)}
      </p>
    );
  if (!state.found) return <p className="console-card console-message">{t.notFound}</p>;
  return null;
}
