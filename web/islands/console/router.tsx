// The console's routes (src/pages/routes.tsx CONSOLE_PATHS). The server renders with a memory history
// at the requested path; the browser uses its history. Both load the router before rendering, so the
// first client render matches the server HTML.
import { createBrowserHistory, createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, Link } from '@tanstack/react-router';
import { ConsoleHeader } from './shell/ConsoleHeader';
import { LibraryPage } from './library/LibraryPage';
import { AddDocumentPage } from './document/AddDocumentPage';
import { ViewDocumentPage } from './document/ViewDocumentPage';
import { EditDocumentPage } from './document/EditDocumentPage';
import { SettingsPage } from './settings/SettingsPage';
import { InsightsPage } from './insights/InsightsPage';
import { accessRoute } from './accessRoute';
import { tc } from '../../strings/console';

function Layout() {
  return (
    <div className="console">
      <ConsoleHeader />
      <main id="main" className="console-main">
        <Outlet />
      </main>
    </div>
  );
}

function NotFound() {
  return (
    <div className="console-card console-message">
      <p>{tc.form.notFound}</p>
      <Link to="/admin/management" className="btn btn-outline">
        {tc.nav.library}
      </Link>
    </div>
  );
}

const root = createRootRoute({ component: Layout, notFoundComponent: NotFound });
const page = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => root, path, component });

const routeTree = root.addChildren([
  page('/admin/management', LibraryPage),
  page('/admin/management/addDocument', AddDocumentPage),
  page('/admin/management/view/$fileid', ViewDocumentPage),
  page('/admin/management/edit/$fileid', EditDocumentPage),
  page('/admin/management/setting', SettingsPage),
  page('/admin/management/insights', InsightsPage),
  accessRoute(root),
]);

export function createConsoleRouter(serverPath: string | null) {
  const history = serverPath === null ? createBrowserHistory() : createMemoryHistory({ initialEntries: [serverPath] });
  return createRouter({ routeTree, history, defaultPreload: false, scrollRestoration: false });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
