import { Link, useRouter } from '@tanstack/react-router';
import { tc } from '../../../strings/console';

type Target = 'back' | 'library' | 'access' | 'settings' | 'insights';

/** The action bar of console pages: back plus shortcuts to the other console screens. */
export function Shortcuts({ show, landmark = true }: { show: Target[]; landmark?: boolean }) {
  const router = useRouter();
  // one navigation landmark per page: a second one (the form's back button) would share its name
  const Wrap = landmark ? 'nav' : 'div';
  return (
    <Wrap className="console-shortcuts" aria-label={landmark ? tc.header.nav : undefined}>
      {show.includes('back') && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => (window.history.length > 1 ? router.history.back() : router.navigate({ to: '/admin/management' }))}
        >
          ← {tc.nav.back}
        </button>
      )}
      {show.includes('library') && (
        <Link to="/admin/management" className="btn btn-outline btn-sm">
          {tc.nav.library}
        </Link>
      )}
      {show.includes('access') && (
        <Link to="/admin/management/access" className="btn btn-outline btn-sm">
          {tc.nav.access}
        </Link>
      )}
      {show.includes('insights') && (
        <Link to="/admin/management/insights" className="btn btn-outline btn-sm">
          {tc.nav.insights}
        </Link>
      )}
      {show.includes('settings') && (
        <Link to="/admin/management/setting" className="btn btn-outline btn-sm">
          {tc.nav.settings}
        </Link>
      )}
    </Wrap>
  );
}
