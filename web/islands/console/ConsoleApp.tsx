import type { ConsoleIslandProps } from '../types';
import { Brand } from '../../components/Logo';

/** Placeholder shell until the console feature lands. */
export function ConsoleApp({ user, path }: ConsoleIslandProps) {
  return (
    <div className="console">
      <header className="app-header">
        <Brand />
        <a className="btn btn-outline" href="/admin/chat">
          แชทใหม่
        </a>
      </header>
      <main id="main" data-path={path}>
        <h1>จัดการเอกสาร</h1>
        <p>
          {user.firstname} {user.lastname}
        </p>
      </main>
    </div>
  );
}
