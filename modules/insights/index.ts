// The admin's insights on the question log (issue 17 items 3, 4): the summary, the question list and its
// CSV export, the unanswered and low-confidence questions grouped by topic, and question testing.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { GroupsQuery, InsightsResponses as R, QuestionFilter, QuestionListQuery, QuestionTestBody, SummaryQuery } from '../../contracts/insights';
import { badRequest } from '../../src/http/errors';
import { testQuestion } from './question-test';
import { cachedSummary } from './summary';
import { listQuestions } from './question-list';
import { questionGroups } from './groups';
import { questionsCsv } from './csv';

const CsvQuery = t.Object({ filter: t.Optional(QuestionFilter), search: t.Optional(t.String({ maxLength: 200 })) });

export function insightsModule(ctx: AppContext) {
  return (
    new Elysia({ name: 'insights', seed: ctx.id })
      .use(guards(ctx))
      .get('/api/insights/summary', async ({ query }) => ({ status: 'success' as const, data: await cachedSummary(ctx, query.days ?? 30) }), {
        access: 'admin',
        query: SummaryQuery,
        response: { 200: R.summary },
      })
      .get('/api/insights/questions', ({ query }) => listQuestions(ctx, query), { access: 'admin', query: QuestionListQuery, response: { 200: R.questions } })
      // a file, not JSON (the OpenAPI document describes it in src/openapi-routes.ts)
      .get('/api/insights/questions.csv', ({ query }) => questionsCsv(ctx, query), { access: 'admin', query: CsvQuery })
      .get('/api/insights/groups', ({ query }) => questionGroups(ctx, query), { access: 'admin', query: GroupsQuery, response: { 200: R.groups } })
      .post(
        '/api/insights/test',
        async ({ body }) => {
          if (!body.question.trim()) throw badRequest('กรุณาพิมพ์คำถามที่ต้องการทดสอบ');
          return { status: 'success' as const, data: await testQuestion(ctx, body.question) };
        },
        // costs an answer's work like the chat: the same admission and rate limit
        { access: 'admin', admit: true, body: QuestionTestBody, response: { 200: R.test } },
      )
  );
}
