import { chatText } from '../../strings/chat';
import { fileKind, fileKindLabel } from './logic/text';
import { CloseIcon } from './icons';

/** An attached file: its type label (PDF, DOCX/DOC, other) and name, removable in the message box. */
export function FileChip({ name, onRemove }: { name: string; onRemove?: () => void }) {
  const kind = fileKind(name);
  return (
    <span className={`file-chip file-${kind}`}>
      <span className={`type-badge type-${kind === 'doc' ? 'docx' : kind}`}>{fileKindLabel(kind)}</span>
      <span className="file-chip-name" title={name}>
        {name}
      </span>
      {onRemove && (
        <button type="button" className="file-chip-remove" aria-label={chatText.removeFile(name)} onClick={onRemove}>
          <CloseIcon />
        </button>
      )}
    </span>
  );
}
