// Conversation routes (chat.md §7, docs/api.md "Conversations"): signed-in callers, own conversations only.
import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import type { Caller } from '../../src/http/auth-context';
import { unauthorized } from '../../src/http/errors';
import {
  answerBody,
  conversationParams,
  createBody,
  detailParams,
  messagesQuery,
  queryBody,
  readFlag,
  renameBody,
  saveAnswerBody,
} from './model';
import { addTurn, ownedConversation, createConversation, deleteConversation, listMessages, listTopics, renameTopic } from './service';
import { readAttachments } from './attachments';
import { saveClientAnswer, startAnswer } from './answer';
import { answerResponse } from './answer-response';
import { admit } from '../assistant/routes-support';

const ok = <T>(data: T) => ({ status: 'success' as const, data });

/** The `signedIn` guard already rejected anonymous callers; this narrows the type. */
function who(me: Caller | null): Caller {
  if (!me) throw unauthorized();
  return me;
}

export function conversationsModule(ctx: AppContext) {
  return new Elysia({ name: 'conversations', seed: ctx.id })
    .use(guards(ctx))
    .post(
      '/api/conversations/create',
      async ({ me, body, request }) => {
        const userId = who(me).user.id;
        const files = await readAttachments(ctx, [body.files, body['files[]']], request.signal);
        return ok(createConversation(ctx, userId, { query: files.compose(body.query ?? ''), showRegulation: readFlag(body.show_regulation), attachments: files.infos }));
      },
      { access: 'signedIn', body: createBody },
    )
    .post(
      '/api/conversations/:id/query',
      async ({ me, params, body, request }) => {
        const userId = who(me).user.id;
        // Ownership first: nobody gets the server to read files for a conversation that is not theirs.
        ownedConversation(ctx, userId, params.id);
        const files = await readAttachments(ctx, [body.files, body['files[]']], request.signal);
        return ok(
          addTurn(ctx, userId, params.id, {
            query: files.compose(body.query ?? ''),
            parentId: body.parentId,
            showRegulation: readFlag(body.show_regulation),
            attachments: files.infos,
          }),
        );
      },
      { access: 'signedIn', params: conversationParams, body: queryBody },
    )
    .patch(
      '/api/conversations/:id/details/:detailId',
      ({ me, params, body }) => ok(saveClientAnswer(ctx, who(me), params.id, params.detailId, body)),
      { access: 'signedIn', params: detailParams, body: saveAnswerBody },
    )
    .post(
      '/api/conversations/:id/details/:detailId/answer',
      async (c) => {
        const { me, params, body, request } = c;
        // Same rate limit and cancel ownership as /api/chat: it is the same model work.
        const requester = admit(ctx, c);
        const run = startAnswer(ctx, who(me), {
          owner: requester.owner,
          conversationId: params.id,
          detailId: params.detailId,
          showRegulation: readFlag(body.show_regulation),
          connectionId: body.connection_id,
          regenerate: readFlag(body.regenerate),
        });
        return answerResponse(run, request);
      },
      { access: 'signedIn', params: detailParams, body: answerBody },
    )
    .get('/api/conversations/:id/messages', ({ me, params, query }) => ok(listMessages(ctx, who(me).user.id, params.id, query.cursor)), {
      access: 'signedIn',
      params: conversationParams,
      query: messagesQuery,
    })
    .patch('/api/conversations/:id/topic/rename', ({ me, params, body }) => ok(renameTopic(ctx, who(me).user.id, params.id, body.topic)), {
      access: 'signedIn',
      params: conversationParams,
      body: renameBody,
    })
    .get('/api/conversations/topics', ({ me }) => ok(listTopics(ctx, who(me).user.id)), { access: 'signedIn' })
    .delete('/api/conversations/:id/delete', ({ me, params }) => ok(deleteConversation(ctx, who(me).user.id, params.id)), {
      access: 'signedIn',
      params: conversationParams,
    });
}
