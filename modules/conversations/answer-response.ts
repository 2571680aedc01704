// Presents a running answer as SSE (our front end) or one JSON body (other clients). Either way the
// response only watches the run: closing it never stops the answer or its saving.
import { streamToSse, wantsSse } from '../../src/http/sse';
import type { AnswerRun, DonePayload } from './answer';

export async function answerResponse(run: AnswerRun, request: Request): Promise<Response | { status: 'success'; data: DonePayload }> {
  if (!wantsSse(request)) {
    const outcome = await run.outcome;
    if (!outcome.ok) throw outcome.error;
    return { status: 'success', data: outcome.data };
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
    { onClientGone: () => unsubscribe() },
  );
}
