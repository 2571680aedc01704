// One message (chat.md §2 "Message bubbles"). Assistant text goes through the safe Markdown renderer.
import { useContext, useState } from 'react';
import { chatText } from '../../strings/chat';
import { Markdown } from './Markdown';
import { PropsContext } from './context';
import { Thinking } from './Thinking';
import { FileChip } from './FileChip';
import { Documents, DraftCard, References } from './AnswerExtras';
import { SourcePanel, useSourcePanel } from './SourcePanel';
import { CheckIcon, CopyIcon, RefreshIcon } from './icons';
import { FeedbackButtons, FeedbackPanel, useFeedback } from './Feedback';
import { confidenceBand, formatConfidence } from './logic/text';
import { draftCompleteness, type DraftType } from '../../../contracts/drafting';
import type { ChatMessage } from './logic/types';

interface Props {
  message: ChatMessage;
  canRegenerate: boolean;
  onRegenerate(): void;
}

export function MessageBubble({ message: m, canRegenerate, onRegenerate }: Props) {
  // one source panel per answer, for its references and its recommended documents
  const source = useSourcePanel();
  const linkHosts = useContext(PropsContext)?.answerLinkHosts;
  if (m.role !== 'assistant')
    return (
      <li className="msg msg-user">
        <div className="bubble bubble-user">
          <span className="visually-hidden">{chatText.you}: </span>
          {m.text && <p className="user-text">{m.text}</p>}
          {m.files && m.files.length > 0 && (
            <ul className="file-chips">
              {m.files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  <FileChip name={f.name} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </li>
    );
  const busy = !!(m.thinking || m.streaming);
  const done = !busy && !m.error;
  return (
    <li className="msg msg-assistant">
      <div className={`bubble bubble-assistant${m.error ? ' has-error' : ''}`}>
        <div className="bubble-body" aria-live="polite" aria-busy={busy}>
          <span className="visually-hidden">{chatText.assistant}: </span>
          {m.thinking ? (
            <Thinking />
          ) : m.error ? (
            <p className={m.error.tone === 'cancelled' ? 'msg-cancelled' : 'msg-error'} role={m.error.tone === 'error' ? 'alert' : undefined}>
              {m.error.text}
            </p>
          ) : (
            <Markdown text={m.text} linkHosts={linkHosts} />
          )}
        </div>
        {done && m.draft && <DraftCard draft={m.draft} />}
        {done && m.references && m.references.length > 0 && <References items={m.references} openSource={source.open} />}
        {done && m.documents && m.documents.length > 0 && <Documents items={m.documents} references={m.references} openSource={source.open} />}
        {done && (m.references?.length || m.documents?.length) ? <SourcePanel target={source.target} onClose={source.close} /> : null}
        {!busy && (done || canRegenerate) && <BubbleFooter m={m} done={done} canRegenerate={canRegenerate} onRegenerate={onRegenerate} />}
      </div>
    </li>
  );
}

function BubbleFooter({ m, done, canRegenerate, onRegenerate }: { m: ChatMessage; done: boolean; canRegenerate: boolean; onRegenerate(): void }) {
  const [copied, setCopied] = useState(false);
  const feedback = useFeedback(m.questionId ?? '');
  // an answer the question log kept can be voted on (none for drafts, errors, or with the log off)
  const votable = done && !!m.questionId && !m.draft;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(m.text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // clipboard refused (permissions): nothing to undo
    }
  };
  return (
    <div className="bubble-footer">
      {done && m.draft ? (
        <DraftCompleteness type={m.draft.documentType} text={m.text} />
      ) : (
        done && typeof m.accuracy === 'number' && <span className={`confidence confidence-${confidenceBand(m.accuracy)}`}>{formatConfidence(m.accuracy)}</span>
      )}
      <span className="bubble-actions">
        {votable && <FeedbackButtons f={feedback} />}
        {done && (
          <button type="button" className="icon-btn small" onClick={copy} aria-label={copied ? chatText.copied : chatText.copy} title={chatText.copy}>
            {copied ? <CheckIcon /> : <CopyIcon />}
          </button>
        )}
        {canRegenerate && (
          <button type="button" className="icon-btn small" onClick={onRegenerate} aria-label={chatText.regenerate} title={chatText.regenerate}>
            <RefreshIcon />
          </button>
        )}
      </span>
      {votable && <FeedbackPanel f={feedback} />}
    </div>
  );
}

/** A draft has no answer to be confident about: it says how much of the brief it could fill, and what is missing. */
function DraftCompleteness({ type, text }: { type: string; text: string }) {
  if (type !== 'internal_memo' && type !== 'student_activity_project') return null;
  const c = draftCompleteness(type as DraftType, text);
  return (
    <span className={`completeness${c.missing.length ? ' has-missing' : ''}`}>
      <span className="completeness-count">{chatText.draftCompleteness(c.filled, c.total)}</span>
      {c.missing.length > 0 && (
        <span className="completeness-missing">
          {chatText.draftMissing}: {c.missing.join(', ')}
        </span>
      )}
    </span>
  );
}
