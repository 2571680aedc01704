// /admin/management/access: the page is the auth feature's (access/AccessPage.tsx); the route hands it
// the signed-in admin from the console context.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { AccessPage } from './access/AccessPage';
import { useConsole } from './shell/context';
import { usePageTitle } from './shell/usePageTitle';
import { tc } from '../../strings/console';

function AccessRoutePage() {
  const { user } = useConsole();
  usePageTitle(tc.nav.access);
  return <AccessPage user={user} />;
}

export const accessRoute = (root: AnyRoute) => createRoute({ getParentRoute: () => root, path: '/admin/management/access', component: AccessRoutePage });
