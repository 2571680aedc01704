// The admin's insights on the question log (issue 17). Now: question testing. The summary, the question
// list, grouping and the CSV export (item 3) join this plugin.
import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { InsightsResponses as R, QuestionTestBody } from '../../contracts/insights';
import { badRequest } from '../../src/http/errors';
import { testQuestion } from './question-test';

export function insightsModule(ctx: AppContext) {
  return new Elysia({ name: 'insights', seed: ctx.id }).use(guards(ctx)).post(
    '/api/insights/test',
    async ({ body }) => {
      if (!body.question.trim()) throw badRequest('กรุณาพิมพ์คำถามที่ต้องการทดสอบ');
      return { status: 'success' as const, data: await testQuestion(ctx, body.question) };
    },
    // costs an answer's work like the chat: the same admission and rate limit
    { access: 'admin', admit: true, body: QuestionTestBody, response: { 200: R.test } },
  );
}
