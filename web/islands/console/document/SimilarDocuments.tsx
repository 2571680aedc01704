import { useEffect, useId, useState } from 'react';
import { findSimilar, type SimilarDocument } from './versions-api';
import { tv } from './version-texts';

/**
 * Active documents the extracted text largely matches, asked once per finished extraction (a newer text
 * cancels the older question). A failure says nothing: the upload works as before.
 */
export function useSimilarDocuments(text: string, ready: boolean): SimilarDocument[] {
  const [matches, setMatches] = useState<SimilarDocument[]>([]);
  useEffect(() => {
    setMatches([]);
    if (!ready || !text.trim()) return;
    const ctrl = new AbortController();
    findSimilar(text, ctrl.signal).then(
      (m) => !ctrl.signal.aborted && setMatches(m),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [text, ready]);
  return matches;
}

/** "คล้ายกับ … 87 %": offers to make the upload the next version of a matching document. */
export function SimilarDocumentsNotice(props: {
  matches: SimilarDocument[];
  replaceOf: string | null;
  onChoose: (fileId: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (props.matches.length === 0) return null;
  return (
    <fieldset className="similar-notice" aria-describedby={`${id}-help`}>
      <legend>{tv.similarTitle}</legend>
      <ul className="similar-list">
        {props.matches.map((m) => (
          <li key={m.fileId}>{tv.similarTo(m.fileName, m.similarity)}</li>
        ))}
      </ul>
      <p id={`${id}-help`} className="fineprint">
        {tv.similarHelp}
      </p>
      <label className="similar-choice">
        <input type="radio" name={`${id}-target`} checked={props.replaceOf === null} onChange={() => props.onChoose(null)} disabled={props.disabled} />
        {tv.asNewDocument}
      </label>
      {props.matches.map((m) => (
        <label key={m.fileId} className="similar-choice">
          <input
            type="radio"
            name={`${id}-target`}
            checked={props.replaceOf === m.fileId}
            onChange={() => props.onChoose(m.fileId)}
            disabled={props.disabled}
          />
          {tv.asVersionOf(m.fileName)}
        </label>
      ))}
    </fieldset>
  );
}
