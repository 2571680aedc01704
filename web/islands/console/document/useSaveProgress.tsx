import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { followIndexing, reindexDocument, updateDocument, type IndexProgress, type UpdatePayload } from '../api';
import { uploadDocument, type UploadData } from '../upload';
import { StepsDialog, type StepState } from '../shell/StepsDialog';
import { formatBytes } from '../format';
import { tc } from '../../../strings/console';

const t = tc.upload;
export const REDIRECT_AFTER_MS = 2000;

interface Progress {
  open: boolean;
  phase: 'saving' | 'indexing' | 'done' | 'error';
  loaded: number;
  total: number;
  index: IndexProgress | null;
  error: string | null;
}

const CLOSED: Progress = { open: false, phase: 'saving', loaded: 0, total: 0, index: null, error: null };

/**
 * Save → index → done, each step driven by what really happens: upload bytes (XHR progress) or the
 * update call, then the server's indexing events (SSE). On success, back to the library after 2 s.
 */
export function useSaveProgress(kind: 'add' | 'edit') {
  const [p, setP] = useState<Progress>(CLOSED);
  const navigate = useNavigate();
  const running = useRef(false);
  // Once the server holds the document, a failure is an indexing failure: retry that, never upload again.
  const savedId = useRef<string | null>(null);

  const follow = useCallback(
    async (id: string) => {
      setP((s) => ({ ...s, phase: 'indexing' }));
      const last = await followIndexing(id, (ev) => setP((s) => ({ ...s, index: ev })));
      if (last.stage !== 'ready') throw new Error(last.message || t.stage.failed!);
      setP((s) => ({ ...s, phase: 'done' }));
      setTimeout(() => void navigate({ to: '/admin/management' }), REDIRECT_AFTER_MS);
    },
    [navigate],
  );

  const guard = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    try {
      await work();
    } catch (e) {
      const message = (e as Error).message;
      setP((s) => ({ ...s, phase: 'error', error: savedId.current ? t.savedNotIndexed(message) : t.failed(message) }));
    } finally {
      running.current = false;
    }
  }, []);

  const upload = (file: File, data: UploadData, path?: string) =>
    guard(async () => {
      setP({ ...CLOSED, open: true, total: file.size });
      const res = await uploadDocument(file, data, (loaded, total) => setP((s) => ({ ...s, loaded, total })), undefined, path);
      savedId.current = res.fileId;
      await follow(res.fileId);
    });

  const update = (id: string, payload: UpdatePayload) =>
    guard(async () => {
      setP({ ...CLOSED, open: true });
      await updateDocument(id, payload);
      savedId.current = id;
      await follow(id);
    });

  const retryIndexing = () =>
    guard(async () => {
      const id = savedId.current;
      if (!id) return;
      setP((s) => ({ ...s, phase: 'indexing', index: null, error: null }));
      await reindexDocument(id);
      await follow(id);
    });
  const toLibrary = () => void navigate({ to: '/admin/management' });

  const ix = p.index;
  const indexPct = ix && ix.total > 0 ? ix.done / ix.total : ix?.stage === 'ready' ? 1 : 0;
  const savePct = kind === 'add' && p.total > 0 ? p.loaded / p.total : 0;
  const percent = p.phase === 'done' ? 100 : p.phase === 'indexing' ? 50 + indexPct * 49 : kind === 'add' ? savePct * 50 : null;
  const state = (i: number): StepState => {
    const at = p.phase === 'saving' ? 0 : p.phase === 'indexing' ? 1 : p.phase === 'done' ? 3 : -1;
    if (p.phase === 'error') return p.index ? (i === 0 ? 'done' : i === 1 ? 'failed' : 'pending') : i === 0 ? 'failed' : 'pending';
    return i < at ? 'done' : i === at ? 'active' : 'pending';
  };
  const saveDetail = kind === 'add' && p.total > 0 ? t.bytes(formatBytes(p.loaded), formatBytes(p.total)) : undefined;
  const indexDetail = ix ? `${t.stage[ix.stage] ?? ix.stage}${ix.total > 0 ? ` · ${t.chunks(ix.done, ix.total)}` : ''}` : undefined;
  const status =
    p.phase === 'done'
      ? t.success
      : p.phase === 'error'
        ? (p.error ?? '')
        : p.phase === 'indexing'
          ? (indexDetail ?? t.steps[1]!)
          : `${t.steps[0]}${saveDetail ? ` ${saveDetail}` : ''}`;

  const dialog = (
    <StepsDialog
      open={p.open}
      title={kind === 'add' ? t.title : t.editTitle}
      busy={p.phase !== 'error'}
      onClose={() => (savedId.current ? toLibrary() : setP(CLOSED))}
      steps={t.steps.map((label, i) => ({ label, state: state(i), detail: i === 0 ? saveDetail : i === 1 ? indexDetail : undefined }))}
      percent={percent}
      status={status}
      error={p.phase === 'error' ? p.error : null}
      actions={
        p.phase === 'error' && savedId.current ? (
          <>
            <button type="button" className="btn btn-outline" onClick={toLibrary}>
              {t.toLibrary}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void retryIndexing()} autoFocus>
              {t.retryIndex}
            </button>
          </>
        ) : p.phase === 'error' ? (
          <button type="button" className="btn btn-primary" onClick={() => setP(CLOSED)} autoFocus>
            {t.close}
          </button>
        ) : undefined
      }
    />
  );
  return { upload, update, dialog, busy: p.open && p.phase !== 'error' };
}
