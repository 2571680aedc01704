// The chat screen shared by guest, user and admin chat: greeting until there are messages, then the
// conversation with the message box at the bottom; the Recents panel on the right.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { Logo } from '../../components/Logo';
import { chatText } from '../../strings/chat';
import type { ChatMode, SessionUser } from '../types';
import { Composer, type ComposerHandle } from './Composer';
import { Header } from './Header';
import { MessageList } from './MessageList';
import { QuickActions, type QuickAction } from './QuickActions';
import { RecentsPanel } from './RecentsPanel';
import { PropsContext } from './context';
import type { ChatEngine } from './hooks/engine';
import type { RecentItem } from './logic/recents';

export interface RecentsProps {
  items: RecentItem[] | null;
  error: string | null;
  onSelect(id: string): void;
  onRename(id: string, title: string): Promise<unknown> | void;
  onRemove(id: string): Promise<unknown> | void;
}

interface Props {
  mode: ChatMode;
  user: SessionUser | null;
  engine: ChatEngine;
  recents: RecentsProps;
  recentsOpen: boolean;
  setRecentsOpen(open: boolean): void;
}

export function ChatLayout({ mode, user, engine, recents, recentsOpen, setRecentsOpen }: Props) {
  const [showRefs, setShowRefs] = useState(false);
  const questionLog = useContext(PropsContext)?.questionLog ?? false;
  const [hint, setHint] = useState<string | null>(null);
  // marks the hydrated island (tests and styles can tell the server HTML from the live app)
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const composer = useRef<ComposerHandle>(null);
  const historyBtn = useRef<HTMLButtonElement>(null);
  const hasMessages = engine.messages.length > 0 || engine.loading || !!engine.loadError;

  const closeRecents = useCallback(() => setRecentsOpen(false), [setRecentsOpen]);
  // Focus goes back to the history button once the panel (a modal: the header is inert while it is open) has closed.
  const wasOpen = useRef(recentsOpen);
  useEffect(() => {
    if (wasOpen.current && !recentsOpen) historyBtn.current?.focus();
    wasOpen.current = recentsOpen;
  }, [recentsOpen]);

  const send = (text: string, files: File[]) => {
    // while the proposal-check hint shows, the attached or pasted proposal is checked against the regulations
    engine.send(text, files, showRefs, hint === chatText.proposalHint ? { intent: 'proposal_check' } : {});
    setHint(null);
  };

  const onQuick = (a: QuickAction) => {
    setHint(null);
    if (a === 'proposal') {
      // a proposal check needs the proposal: prefill the request and ask for the file or the text
      composer.current?.prefill(chatText.proposalPrefill);
      setHint(chatText.proposalHint);
    } else if (a === 'required') {
      // a regulations question, answered from the documents (never taken for a drafting request)
      engine.send(chatText.requiredDocsQuestion, [], showRefs, { check: true });
    } else {
      // typed, not keyword-sniffed: the server answers with the template documents as downloads
      engine.send(chatText.templatesQuestion, [], showRefs, { intent: 'templates' });
    }
  };

  const newChat = () => {
    engine.reset();
    setHint(null);
    if (recentsOpen) closeRecents();
  };

  return (
    <div className={`chat chat-${mode}${hasMessages ? ' has-messages' : ''}`} data-ready={ready || undefined}>
      <Header
        mode={mode}
        user={user}
        recentsOpen={recentsOpen}
        onToggleRecents={() => (recentsOpen ? closeRecents() : setRecentsOpen(true))}
        onNewChat={newChat}
        historyButtonRef={historyBtn}
      />
      <main id="main" className="chat-main">
        {!hasMessages ? (
          <div className="greeting">
            <p className="greeting-hi">
              {chatText.greeting} <Logo size={30} /> <span className="greeting-brand">Ask-Reg</span>
            </p>
            <h1>{chatText.helpLine}</h1>
            <p className="greeting-intro">{chatText.intro}</p>
          </div>
        ) : (
          <>
            <h1 className="visually-hidden">{chatText.helpLine}</h1>
            {engine.loading && (
              <div className="chat-status" role="status">
                <span className="spinner" aria-hidden="true" />
                {chatText.loadingChat}
              </div>
            )}
            {engine.loadError && (
              <div className="chat-status">
                <p className="alert alert-error" role="alert">
                  {engine.loadError}
                </p>
                <button type="button" className="btn btn-outline" onClick={newChat}>
                  {chatText.newChat}
                </button>
              </div>
            )}
            {!engine.loading && !engine.loadError && (
              <MessageList messages={engine.messages} busy={engine.busy} onRegenerate={() => engine.regenerate(showRefs)} />
            )}
          </>
        )}
        <div className="chat-dock">
          <QuickActions disabled={engine.busy || engine.loading} onAction={onQuick} />
          <Composer
            ref={composer}
            busy={engine.busy}
            disabled={engine.loading}
            showRefs={showRefs}
            onShowRefs={setShowRefs}
            onSend={send}
            onStop={engine.stop}
            hint={hint}
          />
          {questionLog && <p className="privacy-note">{chatText.privacyNote}</p>}
        </div>
      </main>
      {recentsOpen && (
        <RecentsPanel
          items={recents.items}
          error={recents.error}
          currentId={engine.conversationId}
          user={user}
          onClose={closeRecents}
          onNewChat={newChat}
          onSelect={(id) => {
            recents.onSelect(id);
            closeRecents();
          }}
          onRename={recents.onRename}
          onRemove={recents.onRemove}
        />
      )}
    </div>
  );
}
