// The assistant's HTTP face (chat.md §7): chat, cancel, titles, drafting — at /api/… and, for the
// spec's guest client behind a local proxy, the same under /ai-api/….
import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { AssistantResponses as R } from '../../contracts/assistant';
import { fileList, readAttachments } from './attachments';
import { cancelEverywhere, receiveCancels } from '../../src/http/cancel';
import { runCancellable } from '../../src/http/cancellable';
import { draftDocument } from './drafting/service';
import { proposalCheckAnswer } from './drafting/proposal-check';
import { openDraft, userDraftOwner } from './drafting/store';
import { takeDraftQuota } from './drafting/quota';
import { clientIp } from '../../src/http/rate-limit';
import { CancelBody, ChatBody, DraftBody, DraftParams, TemplateParams, TitleBody, flag, historyOf } from './model';
import { answer, logAnswered, templatesAnswer } from './service';
import { chatBody } from './chat-body';
import { templateDocx } from './templates';
import { generateTitle } from './title';
import { identify } from '../../src/http/requester';
import { sseOrJson } from '../../src/http/sse';

export { chatBody } from './chat-body';

function routes(ctx: AppContext, prefix: '/api' | '/ai-api') {
  return new Elysia({ name: `assistant${prefix}`, seed: ctx.id })
    .use(guards(ctx))
    .post(
      `${prefix}/chat`,
      ({ body, request, requester }) => {
        return sseOrJson(
          runCancellable(ctx, request, requester, body.connection_id, async (signal, sink) => {
            if (body.intent === 'templates')
              return chatBody(await logAnswered(ctx, body.message ?? '', templatesAnswer(sink ? (text) => sink.send('token', { text }) : undefined), 'chat'));
            const attachments = await readAttachments(ctx, fileList(body.files), signal, [requester.address ?? '', requester.limitKey]);
            if (body.intent === 'proposal_check')
              return chatBody(
                await logAnswered(
                  ctx,
                  body.message ?? '',
                  await proposalCheckAnswer(ctx, {
                    message: body.message ?? '',
                    attachments,
                    onToken: sink ? (text) => sink.send('token', { text }) : undefined,
                  }),
                  'chat',
                ),
              );
            const result = await answer(ctx, {
              message: body.message ?? '',
              showRegulation: flag(body.show_regulation),
              inlineReferences: body.inline_references === undefined ? true : flag(body.inline_references),
              attachments,
              signal,
              onToken: sink ? (text) => sink.send('token', { text }) : undefined,
            });
            return chatBody(result);
          }),
        );
      },
      { access: 'public', admit: 'answer', body: ChatBody, response: { 200: R.chat } },
    )
    .post(
      `${prefix}/cancel`,
      async (c) => {
        const who = identify(ctx, c.request, c.me);
        return {
          status: 'success' as const,
          data: { cancelled: await cancelEverywhere(ctx, { connectionId: c.body.connection_id, owner: who.owner, userId: c.me?.user.id ?? null }) },
        };
      },
      { access: 'public', body: CancelBody, response: { 200: R.cancelled } },
    )
    .post(`${prefix}/generate-title`, async ({ body }) => ({ title: await generateTitle(ctx, body.user_message, body.ai_response ?? '') }), {
      access: 'public',
      admit: true,
      body: TitleBody,
      response: { 200: R.title },
    })
    .post(
      `${prefix}/draft`,
      ({ body, request, requester, server }) => {
        // each draft is a file kept 7 days: a quota per requester and per address, before any work
        const quota = takeDraftQuota(ctx, requester.limitKey, clientIp(ctx, request, server?.requestIP(request)?.address ?? null));
        return sseOrJson(
          Promise.resolve(quota).then(() =>
            runCancellable(ctx, request, requester, body.connection_id, async (signal, sink) => {
              const attachments = await readAttachments(ctx, fileList(body.files), signal, [requester.address ?? '', requester.limitKey]);
              return draftDocument(ctx, {
                brief: body.brief,
                documentType: body.document_type,
                withSources: flag(body.with_sources),
                templateSpec: typeof body.template_spec === 'string' ? body.template_spec : body.template_spec ? JSON.stringify(body.template_spec) : '',
                history: historyOf(body.conversation_history),
                attachments,
                owner: requester.owner,
                signal,
                onToken: sink ? (text) => sink.send('token', { text }) : undefined,
              });
            }),
          ),
        );
      },
      { access: 'public', admit: 'answer', body: DraftBody, response: { 200: R.draft } },
    )
    .get(
      `${prefix}/drafts/:id/download`,
      async (c) => {
        const who = identify(ctx, c.request, c.me);
        const draft = await openDraft(ctx, c.params.id, c.me ? [who.owner, userDraftOwner(c.me.user.id)] : [who.owner]);
        return new Response(new Uint8Array(draft.file), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'content-disposition': `attachment; filename="draft.docx"; filename*=UTF-8''${encodeURIComponent(draft.fileName)}`,
            'cache-control': 'private, no-store',
          },
        });
      },
      { access: 'public', params: DraftParams },
    )
    .get(
      `${prefix}/templates/:type/download`,
      async ({ params }) => {
        const t = await templateDocx(ctx, params.type);
        return new Response(new Uint8Array(t.file), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'content-disposition': `attachment; filename="template.docx"; filename*=UTF-8''${encodeURIComponent(t.fileName)}`,
            'cache-control': 'public, max-age=3600',
          },
        });
      },
      { access: 'public', params: TemplateParams },
    );
}

export function assistantModule(ctx: AppContext) {
  // issue 36: a cancel sent to another instance for an answer streaming here (nothing to receive on SQLite)
  receiveCancels(ctx).catch((e) => ctx.log.error('cancels from other instances not received', { error: e as Error }));
  return new Elysia({ name: 'assistant', seed: ctx.id }).use(routes(ctx, '/api')).use(routes(ctx, '/ai-api'));
}
