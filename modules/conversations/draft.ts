// Server-run drafting on a saved turn (docs/api.md "Conversations"): the server writes the draft, keeps
// its DOCX for the user (not just this session) and stores text, document type and download URL on the
// turn, so a reload, another tab or a later sign-in still shows the draft with its download.
import type { AppContext } from '../../src/context';
import type { Caller } from '../../src/http/auth-context';
import { draftTypeOf, type DraftType } from '../../contracts/drafting';
import { draftDocument } from '../assistant/drafting/service';
import { userDraftOwner } from '../assistant/drafting/store';
import { historyBefore } from './history';
import { answeredTurnsBefore } from './service';
import { splitQuery } from './query-text';
import { startTurn, type TurnRequest, type TurnRun } from './turn-run';

export interface DraftTurnRequest extends TurnRequest {
  /** chosen by the client's drafting detection; else from the question (chat.md §4 "Drafting flow") */
  documentType?: DraftType;
  withSources: boolean;
}

const REFERS_BACK = /นี้|ดังกล่าว|ไฟล์|แนบ|this|that|attached/i;

/** The files of the nearest earlier turn that had any. */
async function earlierAttachments(ctx: AppContext, conversationId: string, position: number) {
  for (const turn of (await answeredTurnsBefore(ctx, conversationId, position, 6)).reverse()) {
    const files = splitQuery(turn.query).attachments;
    if (files.length) return files;
  }
  return [];
}

export function startDraft(ctx: AppContext, caller: Caller, req: DraftTurnRequest): Promise<TurnRun> {
  return startTurn(ctx, caller, req, async ({ detail, position, signal, onToken }) => {
    const question = splitQuery(detail.query);
    const documentType = req.documentType ?? draftTypeOf(question.text);
    // "ช่วยทำบันทึกขออนุมัติโครงการนี้" after a proposal was attached earlier in the conversation: that file
    const attachments =
      question.attachments.length || !REFERS_BACK.test(question.text) ? question.attachments : await earlierAttachments(ctx, req.conversationId, position);
    const draft = await draftDocument(ctx, {
      brief: question.text || question.attachments.map((a) => a.name).join(', '),
      documentType,
      withSources: req.withSources,
      history: await historyBefore(ctx, req.conversationId, position),
      attachments,
      owner: userDraftOwner(caller.user.id),
      signal,
      onToken,
    });
    return {
      stored: { response: draft.text, confidence: draft.accuracy, documentType: draft.document_type, downloadUrl: draft.downloadUrl },
      payload: { ...draft },
    };
  });
}
