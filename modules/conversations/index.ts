// Conversation routes (chat.md §7, docs/api.md "Conversations"): signed-in callers, own conversations only.
import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { ConversationResponses as R, type TurnAnswer, type TurnDraft } from '../../contracts/conversations';
import type { Caller } from '../../src/http/auth-context';
import { unauthorized } from '../../src/http/errors';
import { answerBody, conversationParams, createBody, detailParams, draftBody, messagesQuery, queryBody, readFlag, renameBody, saveAnswerBody } from './model';
import { addTurn, cancelPendingTurns, ownedConversation, createConversation, deleteConversation, listMessages } from './service';
import { listTopics, renameTopic } from './topics';
import { readAttachments } from './attachments';
import { saveClientAnswer, startAnswer } from './answer';
import { startDraft } from './draft';
import { answerResponse } from './answer-response';
import { isAnswering } from './turn-run';
import { identify } from '../../src/http/requester';
import { cancelledEarly, onCancel } from '../../src/http/cancel';
import { removeDrafts } from '../assistant/drafting/store';
import { limitSavedTurns } from './quota';

const ok = <T>(data: T) => ({ status: 'success' as const, data });

/** The `signedIn` guard already rejected anonymous callers; this narrows the type. */
function who(me: Caller | null): Caller {
  if (!me) throw unauthorized();
  return me;
}

/** The turn's connection id, and whether its Stop already arrived (then it is stored as cancelled). */
function turnConnection(ctx: AppContext, request: Request, me: Caller, id: string | undefined) {
  return id ? { connectionId: id, cancelled: cancelledEarly(ctx, id, identify(ctx, request, me).owner) } : {};
}

export function conversationsModule(ctx: AppContext) {
  // Stop pressed before the answer started: nothing runs under the connection id yet, but the turn
  // created or added with it must not stay pending.
  onCancel(ctx, 'conversations', async (req) =>
    req.userId ? (await cancelPendingTurns(ctx, req.userId, req.connectionId, (id) => isAnswering(ctx, id))).length > 0 : false,
  );
  return new Elysia({ name: 'conversations', seed: ctx.id })
    .use(guards(ctx))
    .post(
      '/api/conversations/create',
      async ({ me, body, request }) => {
        const caller = who(me);
        await limitSavedTurns(ctx, caller.user.id);
        const files = await readAttachments(ctx, [body.files, body['files[]']], request.signal);
        return ok(
          await createConversation(ctx, caller.user.id, {
            query: files.compose(body.query ?? ''),
            showRegulation: readFlag(body.show_regulation),
            attachments: files.infos,
            ...turnConnection(ctx, request, caller, body.connection_id),
          }),
        );
      },
      { access: 'signedIn', body: createBody, response: { 200: R.created } },
    )
    .post(
      '/api/conversations/:id/query',
      async ({ me, params, body, request }) => {
        const caller = who(me);
        const userId = caller.user.id;
        // Ownership first: nobody gets the server to read files for a conversation that is not theirs.
        await ownedConversation(ctx, userId, params.id);
        await limitSavedTurns(ctx, userId);
        const files = await readAttachments(ctx, [body.files, body['files[]']], request.signal);
        return ok(
          await addTurn(ctx, userId, params.id, {
            query: files.compose(body.query ?? ''),
            parentId: body.parentId,
            showRegulation: readFlag(body.show_regulation),
            attachments: files.infos,
            ...turnConnection(ctx, request, caller, body.connection_id),
          }),
        );
      },
      { access: 'signedIn', params: conversationParams, body: queryBody, response: { 200: R.turn } },
    )
    .patch(
      '/api/conversations/:id/details/:detailId',
      async ({ me, params, body }) => ok(await saveClientAnswer(ctx, who(me), params.id, params.detailId, body)),
      {
        access: 'signedIn',
        params: detailParams,
        body: saveAnswerBody,
        response: { 200: R.turn },
      },
    )
    .post(
      '/api/conversations/:id/details/:detailId/answer',
      // Same rate limit and cancel ownership as /api/chat (`admit`): it is the same model work.
      ({ me, params, body, request, requester }) => {
        const run = startAnswer(ctx, who(me), {
          owner: requester.owner,
          requester,
          conversationId: params.id,
          detailId: params.detailId,
          showRegulation: readFlag(body.show_regulation),
          connectionId: body.connection_id,
          regenerate: readFlag(body.regenerate),
          intent: body.intent,
        });
        return answerResponse<TurnAnswer>(run, request, ctx.config.inFlight.stallMs);
      },
      { access: 'signedIn', admit: 'answer', params: detailParams, body: answerBody, response: { 200: R.answered } },
    )
    .post(
      '/api/conversations/:id/details/:detailId/draft',
      ({ me, params, body, request, requester }) => {
        const run = startDraft(ctx, who(me), {
          owner: requester.owner,
          requester,
          conversationId: params.id,
          detailId: params.detailId,
          documentType: body.document_type,
          withSources: readFlag(body.with_sources),
          connectionId: body.connection_id,
          regenerate: readFlag(body.regenerate),
        });
        return answerResponse<TurnDraft>(run, request, ctx.config.inFlight.stallMs);
      },
      { access: 'signedIn', admit: 'answer', params: detailParams, body: draftBody, response: { 200: R.drafted } },
    )
    .get('/api/conversations/:id/messages', async ({ me, params, query }) => ok(await listMessages(ctx, who(me).user.id, params.id, query.cursor)), {
      access: 'signedIn',
      params: conversationParams,
      query: messagesQuery,
      response: { 200: R.messages },
    })
    .patch('/api/conversations/:id/topic/rename', async ({ me, params, body }) => ok(await renameTopic(ctx, who(me).user.id, params.id, body.topic)), {
      access: 'signedIn',
      params: conversationParams,
      body: renameBody,
      response: { 200: R.renamed },
    })
    .get('/api/conversations/topics', async ({ me }) => ok(await listTopics(ctx, who(me).user.id)), { access: 'signedIn', response: { 200: R.topics } })
    .delete(
      '/api/conversations/:id/delete',
      async ({ me, params }) => {
        const { id, draftIds } = await deleteConversation(ctx, who(me).user.id, params.id);
        void removeDrafts(ctx, draftIds).catch((err) => ctx.log.warn('could not remove drafts', { error: String(err) }));
        return ok({ id });
      },
      {
        access: 'signedIn',
        params: conversationParams,
        response: { 200: R.deleted },
      },
    );
}
