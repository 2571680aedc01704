// The assistant's small JSON answers (chat.md §7). Chat and draft answer with SSE or with their result;
// those bodies are described in docs/api.md.
import { t } from 'elysia';
import { success } from './envelope';

export const AssistantResponses = {
  /** POST /api/cancel: whether something of the caller's was running under that id */
  cancelled: success(t.Object({ cancelled: t.Boolean() })),
  /** POST /api/generate-title: the spec's client reads `title` at the top level */
  title: t.Object({ title: t.String() }),
};
