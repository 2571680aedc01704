// Votes on answers (issue 17 item 2). Public: guests vote too, once per question per browser; the
// requester (admit) is the browser or the account, and rate limits the route like the chat.
import { Elysia, t } from 'elysia';
import { perApp, type AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { checkLimit, clientIp } from '../../src/http/rate-limit';
import { AppError } from '../../src/http/errors';
import { takeFromWindow } from '../../src/http/window-quota';
import { FeedbackBody, QuestionResponses as R } from '../../contracts/questions';
import { startDailyPurge, voteOnQuestion } from './service';

export { recordQuestion, type AnsweredQuestion } from './service';

/** A question is one asker's: a handful of votes on it from one address is already more than real use. */
const VOTES_PER_QUESTION_PER_MINUTE_PER_ADDRESS = 10;
/** All votes from one address (a campus NAT included): answers are voted on far less often than asked. */
const VOTES_PER_MINUTE_PER_ADDRESS = 60;
/** …and in a day: an asker votes once and may change it; 10 a minute all day long was 14,400 (#34 finding 9). */
export const VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS = 20;
export const VOTE_DAY_QUOTA_TEXT = 'มีการให้คะแนนคำตอบนี้จากเครือข่ายนี้ครบจำนวนของวันนี้แล้ว กรุณาลองใหม่ในวันพรุ่งนี้';
const DAY_MS = 24 * 3600_000;

const QuestionParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) });

const purgeStarted = perApp(() => ({ started: false }));

export function questionsModule(ctx: AppContext) {
  const purge = purgeStarted(ctx);
  if (!purge.started) {
    purge.started = true;
    startDailyPurge(ctx);
  }
  return new Elysia({ name: 'questions', seed: ctx.id }).use(guards(ctx)).post(
    '/api/questions/:id/feedback',
    async ({ params, body, requester, request, server }) => {
      // One address may cast only so many votes, on one question and in all: new guest cookies cost it nothing.
      const ip = clientIp(ctx, request, server?.requestIP(request)?.address ?? null);
      await checkLimit(ctx, `vote:${ip}`, VOTES_PER_MINUTE_PER_ADDRESS);
      await checkLimit(ctx, `vote:${ip}:${params.id}`, VOTES_PER_QUESTION_PER_MINUTE_PER_ADDRESS);
      const wait = await takeFromWindow(ctx, `vote-day:${ip}:${params.id}`, VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS, DAY_MS);
      if (wait) throw new AppError('rate_limited', VOTE_DAY_QUOTA_TEXT, { retryAfter: wait });
      // a browser that got its guest id with this very request was never given the question: a script
      const data = await voteOnQuestion(ctx, params.id, requester.limitKey, body, { newRequester: requester.setCookie !== null });
      return { status: 'success' as const, data };
    },
    { access: 'public', admit: true, params: QuestionParams, body: FeedbackBody, response: { 200: R.feedback } },
  );
}
