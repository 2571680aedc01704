import { useCallback, useRef, useState } from 'react';
import { deleteDocument } from '../api';
import { tc } from '../../../strings/console';
import { StepsDialog, type StepState } from './StepsDialog';
import { common } from '../../../strings/common';

interface Flow {
  open: boolean;
  states: [StepState, StepState, StepState];
  done: boolean;
}

const CLOSED: Flow = { open: false, states: ['pending', 'pending', 'pending'], done: false };

/**
 * The delete progress (console.md §4): delete from database, delete search index, done. The server
 * deletes in one call and reports the steps it completed, so the steps follow that answer; no waits.
 * `afterSuccess` runs when the finished dialog is closed (by the user, or by itself after `autoCloseMs`): the
 * view page leaves for the library only then, so its admin sees the steps and the success text first.
 */
export function useDeleteFlow(opts: { afterSuccess?: () => void; autoCloseMs?: number } = {}) {
  const [flow, setFlow] = useState<Flow>(CLOSED);
  const done = useRef(false);
  const afterSuccess = useRef(opts.afterSuccess);
  afterSuccess.current = opts.afterSuccess;
  const close = useCallback(() => {
    setFlow(CLOSED);
    if (done.current) afterSuccess.current?.();
    done.current = false;
  }, []);

  const run = useCallback(async (id: string): Promise<{ ok: true } | { ok: false; message: string }> => {
    done.current = false;
    setFlow({ open: true, states: ['active', 'pending', 'pending'], done: false });
    try {
      const res = await deleteDocument(id);
      const steps = res?.steps ?? ['database', 'index'];
      done.current = true;
      setFlow({ open: true, states: [steps.includes('database') ? 'done' : 'failed', steps.includes('index') ? 'done' : 'failed', 'done'], done: true });
      return { ok: true };
    } catch (e) {
      setFlow(CLOSED);
      return { ok: false, message: (e as Error).message };
    }
  }, []);

  const labels = tc.del.steps;
  const doneCount = flow.states.filter((s) => s === 'done').length;
  const dialog = (
    <StepsDialog
      open={flow.open}
      title={tc.del.title}
      busy={!flow.done}
      onClose={close}
      autoCloseMs={flow.done ? opts.autoCloseMs : undefined}
      steps={labels.map((label, i) => ({ label, state: flow.states[i]! }))}
      percent={flow.done ? 100 : null}
      status={flow.done ? tc.del.done : labels[Math.min(doneCount, 2)]!}
      actions={
        flow.done ? (
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            {common.dialog.close}
          </button>
        ) : undefined
      }
    />
  );
  return { run, dialog, close, done: flow.done, open: flow.open };
}
