// Server-run answers for saved conversations (the run itself: turn-run.ts), and the spec clients'
// way of saving an answer they produced themselves.
import type { AppContext } from '../../src/context';
import type { Caller } from '../../src/http/auth-context';
import { conflict } from '../../src/http/errors';
import { answer, logAnswered, templatesAnswer } from '../assistant/service';
import { chatBody } from '../assistant/chat-body';
import { completeDetail, ownedDetail, parseScore, recordIntent } from './service';
import { historyBefore } from './history';
import { splitQuery } from './query-text';
import { retitleInBackground } from './titles';
import { isAnsweringAnywhere, startTurn, type TurnRequest, type TurnRun } from './turn-run';
import { TEXTS } from './model';
import type { ChatIntent } from '../../contracts/drafting';
import { proposalCheckAnswer } from '../assistant/drafting/proposal-check';

export { isAnswering, isAnsweringAnywhere } from './turn-run';
export type { DonePayload, RunEvent, RunOutcome, TurnRun as AnswerRun } from './turn-run';

export interface AnswerRequest extends TurnRequest {
  showRegulation: boolean;
  /** a quick button's typed request: 'templates' answers with the template documents to download,
   * 'proposal_check' checks the attached or pasted proposal against the regulations */
  intent?: ChatIntent;
}

export function startAnswer(ctx: AppContext, caller: Caller, req: AnswerRequest): Promise<TurnRun> {
  return startTurn(ctx, caller, req, async ({ detail, position, signal, onToken }) => {
    const question = splitQuery(detail.query);
    // the turn remembers its intent: a regenerate (or a retry after reload) need not repeat it
    const intent = req.intent ?? detail.intent ?? undefined;
    if (intent && detail.intent !== intent) await recordIntent(ctx, detail.id, intent);
    const result =
      intent === 'templates'
        ? await logAnswered(ctx, question.text, templatesAnswer(onToken), 'conversation')
        : intent === 'proposal_check'
          ? await logAnswered(
              ctx,
              question.text,
              await proposalCheckAnswer(ctx, { message: question.text, attachments: question.attachments, onToken }),
              'conversation',
            )
          : await answer(ctx, {
              message: question.text,
              history: await historyBefore(ctx, req.conversationId, position),
              showRegulation: req.showRegulation,
              // our chat shows references as a list beside the answer (chat.md §2), not inside its text
              inlineReferences: false,
              attachments: question.attachments,
              signal,
              onToken,
              log: 'conversation',
            });
    return {
      stored: { response: result.text, confidence: result.accuracy, references: result.references, documents: result.documents },
      payload: { ...chatBody(result), show_regulation: req.showRegulation },
    };
  });
}

/** The spec's clients run the answer themselves and save it here (chat.md §7). */
export async function saveClientAnswer(
  ctx: AppContext,
  caller: Caller,
  conversationId: string,
  detailId: string,
  body: { response: string; confidence?: number | string; accuracy?: number | string },
): Promise<{ conversationDetailId: string }> {
  await ownedDetail(ctx, caller.user.id, conversationId, detailId);
  if (await isAnsweringAnywhere(ctx, detailId)) throw conflict(TEXTS.busy);
  const confidence = parseScore(body.confidence ?? body.accuracy);
  await completeDetail(ctx, conversationId, detailId, { response: body.response, confidence });
  retitleInBackground(ctx, conversationId);
  return { conversationDetailId: detailId };
}
