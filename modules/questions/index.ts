// Votes on answers (issue 17 item 2). Public: guests vote too, once per question per browser; the
// requester (admit) is the browser or the account, and rate limits the route like the chat.
import { Elysia, t } from 'elysia';
import { perApp, type AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { FeedbackBody, QuestionResponses as R } from '../../contracts/questions';
import { startDailyPurge, voteOnQuestion } from './service';

export { recordQuestion, type AnsweredQuestion } from './service';

const QuestionParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) });

const purgeStarted = perApp(() => ({ started: false }));

export function questionsModule(ctx: AppContext) {
  const purge = purgeStarted(ctx);
  if (!purge.started) {
    purge.started = true;
    startDailyPurge(ctx);
  }
  return new Elysia({ name: 'questions', seed: ctx.id })
    .use(guards(ctx))
    .post(
      '/api/questions/:id/feedback',
      ({ params, body, requester }) => ({ status: 'success' as const, data: voteOnQuestion(ctx, params.id, requester.limitKey, body) }),
      { access: 'public', admit: true, params: QuestionParams, body: FeedbackBody, response: { 200: R.feedback } },
    );
}
