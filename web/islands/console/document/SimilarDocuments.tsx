import { useEffect, useId, useState } from 'react';
import { getDocument } from '../api';
import { findSimilar, type SimilarDocument } from './versions-api';
import { tv } from './version-texts';

/** A document the upload may become the next version of; `similarity` null when asked for by link, not found similar. */
export interface VersionTarget {
  fileId: string;
  fileName: string;
  similarity: number | null;
}

/** The document the version history's "upload a new version" link names (`?replace=<id>`), read after hydration. */
export function useRequestedTarget(): VersionTarget | null {
  const [target, setTarget] = useState<VersionTarget | null>(null);
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('replace');
    if (!id) return;
    const ctrl = new AbortController();
    getDocument(id, ctrl.signal).then(
      (d) => !ctrl.signal.aborted && d && setTarget({ fileId: d.fileId, fileName: d.fileName, similarity: null }),
      () => undefined,
    );
    return () => ctrl.abort();
  }, []);
  return target;
}

/** The requested document first (with its similarity when the text matches it too), then the similar ones. */
export function versionTargets(requested: VersionTarget | null, similar: SimilarDocument[]): VersionTarget[] {
  if (!requested) return similar;
  const same = similar.find((m) => m.fileId === requested.fileId);
  return [{ ...requested, similarity: same?.similarity ?? null }, ...similar.filter((m) => m !== same)];
}

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
  matches: VersionTarget[];
  replaceOf: string | null;
  onChoose: (fileId: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  if (props.matches.length === 0) return null;
  const similar = props.matches.filter((m) => m.similarity !== null);
  return (
    <fieldset className="similar-notice" aria-describedby={`${id}-help`}>
      <legend>{similar.length ? tv.similarTitle : tv.newVersionTitle}</legend>
      {similar.length > 0 && (
        <ul className="similar-list">
          {similar.map((m) => (
            <li key={m.fileId}>{tv.similarTo(m.fileName, m.similarity ?? 0)}</li>
          ))}
        </ul>
      )}
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
