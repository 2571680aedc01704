// /admin/management/access. The page itself is the auth feature's (web/islands/console/access/AccessPage.tsx).
// IMPORT GUARD: that file did not exist yet when the console router was written; until it lands this
// route shows where to go instead of breaking the client build. Replace with the real import then.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { Shortcuts } from './shell/Shortcuts';

function AccessPending() {
  return (
    <div className="console-page">
      <h1>จัดการสิทธิ์การเข้าถึง</h1>
      <p className="console-card console-message">หน้าจัดการสิทธิ์ยังไม่พร้อมใช้งาน</p>
      <Shortcuts show={['back', 'library', 'settings']} />
    </div>
  );
}

export const accessRoute = (root: AnyRoute) => createRoute({ getParentRoute: () => root, path: '/admin/management/access', component: AccessPending });
