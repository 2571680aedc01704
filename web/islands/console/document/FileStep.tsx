import { useId, useRef, useState } from 'react';
import { fileBadgeLabel, fileKind, formatBytes } from '../format';
import { ACCEPT_ATTR } from '../validation';
import { tc } from '../../../strings/console';
import { safeHref } from '../../../lib/safe-href';

const t = tc.form;

function Badge({ type, name }: { type?: string | null; name?: string | null }) {
  const kind = fileKind(type, name);
  return <span className={`type-badge type-${kind}`}>{fileBadgeLabel(type, name)}</span>;
}

/** Step 1 of the add form: choose or drop a .pdf/.docx; choosing starts extraction at once. */
export function FilePicker({ file, onFile, disabled, invalid }: { file: File | null; onFile: (f: File) => void; disabled?: boolean; invalid?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      className={`file-drop ${over ? 'file-drop-over' : ''} ${invalid ? 'file-drop-invalid' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const f = e.dataTransfer.files[0];
        if (f && !disabled) onFile(f);
      }}
    >
      {file ? (
        <div className="file-chosen">
          <Badge type={file.type} name={file.name} />
          <span className="file-name">{file.name}</span>
          <span className="muted">{formatBytes(file.size)}</span>
        </div>
      ) : (
        <p className="muted file-empty">PDF · DOCX</p>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTR}
        className="visually-hidden"
        aria-label={t.chooseFile}
        aria-describedby={noteId}
        disabled={disabled}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onFile(f);
          e.target.value = ''; // choosing the same file again re-runs extraction
        }}
      />
      <button type="button" className="btn btn-outline btn-sm" onClick={() => input.current?.click()} disabled={disabled}>
        {file ? t.changeFile : t.chooseFile}
      </button>
      <p id={noteId} className="fineprint upload-note">
        {t.uploadNote}
      </p>
    </div>
  );
}

/** Step 1 of view and edit: the stored file with its type badge and a download link. */
export function StoredFile({
  name,
  type,
  size,
  downloadUrl,
  note,
}: {
  name: string;
  type?: string | null;
  size?: number;
  downloadUrl?: string;
  note?: string;
}) {
  return (
    <div className="file-stored">
      <div className="file-chosen">
        <Badge type={type} name={name} />
        <span className="file-name">{name}</span>
        {size ? <span className="muted">{formatBytes(size)}</span> : null}
        {downloadUrl && (
          <a className="btn btn-ghost btn-sm" href={safeHref(downloadUrl) ?? undefined} download>
            {t.download}
          </a>
        )}
      </div>
      {note && <p className="fineprint upload-note">{note}</p>}
    </div>
  );
}
