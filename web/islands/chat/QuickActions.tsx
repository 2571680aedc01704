import { chatText } from '../../strings/chat';
import { CheckListIcon, DownloadIcon, FileIcon } from './icons';

export type QuickAction = 'proposal' | 'required' | 'templates';

/** The three quick buttons (chat.md §2), which here do something: see ChatLayout's onQuick. */
export function QuickActions({ disabled, onAction }: { disabled: boolean; onAction(a: QuickAction): void }) {
  return (
    <div className="quick-actions" role="group" aria-label={chatText.quickLabel}>
      <button type="button" className="quick-btn" disabled={disabled} onClick={() => onAction('proposal')}>
        <CheckListIcon />
        {chatText.proposalCheck}
      </button>
      <button type="button" className="quick-btn" disabled={disabled} onClick={() => onAction('required')}>
        <FileIcon />
        {chatText.requiredDocs}
      </button>
      <button type="button" className="quick-btn" disabled={disabled} onClick={() => onAction('templates')}>
        <DownloadIcon />
        {chatText.templates}
      </button>
    </div>
  );
}
