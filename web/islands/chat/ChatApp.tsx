import type { ChatIslandProps } from '../types';
import { Brand } from '../../components/Logo';

/** Placeholder shell until the chat feature lands: greeting and an empty conversation. */
export function ChatApp({ mode }: ChatIslandProps) {
  return (
    <div className={`chat chat-${mode}`}>
      <header className="app-header">
        <Brand />
      </header>
      <main id="main" className="chat-empty">
        <h1>How can I help you today?</h1>
      </main>
    </div>
  );
}
