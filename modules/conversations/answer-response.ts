// Presents a running answer as SSE (our front end) or one JSON body (other clients). Either way the
// response only watches the run: closing it never stops the answer or its saving. A stream its client leaves
// unread for `stallMs` is ended (its queue dropped); the answer still finishes and is saved.
import { sseOrJson, streamToSse, wantsSse } from '../../src/http/sse';
import type { AnswerRun, DonePayload } from './answer';

/**
 * `T`: the route's `done` shape (contracts/conversations.ts); the JSON body is checked against it on the way out.
 * `started`: the run, once its turn is checked and claimed (a refusal rejects it, and the route answers with it).
 */
export function answerResponse<T extends DonePayload>(started: Promise<AnswerRun>, request: Request, stallMs?: number) {
  return sseOrJson(present<T>(started, request, stallMs));
}

async function present<T extends DonePayload>(
  started: Promise<AnswerRun>,
  request: Request,
  stallMs?: number,
): Promise<Response | { status: 'success'; data: T }> {
  const run = await started;
  if (!wantsSse(request)) {
    const outcome = await run.outcome;
    if (!outcome.ok) throw outcome.error;
    return { status: 'success', data: outcome.data as T };
  }
  let unsubscribe = () => {};
  return streamToSse(
    async (sink) => {
      sink.send('meta', { connection_id: run.connectionId, conversationDetailId: run.conversationDetailId });
      unsubscribe = run.subscribe((e) => {
        if (e.event === 'token') sink.send('token', e.data);
      });
      const outcome = await run.outcome;
      unsubscribe();
      if (!outcome.ok) throw outcome.error;
      return outcome.data;
    },
    { onClientGone: () => unsubscribe(), stallMs },
  );
}
