import { t } from 'elysia';

const MAX_MESSAGE = 100_000; // the spec's client appends extracted attachment text to the message
const Flag = t.Optional(t.Union([t.Boolean(), t.String({ maxLength: 5 })]));
const ConnectionId = t.Optional(t.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.:-]*$' }));
const Upload = t.Optional(t.Union([t.File(), t.Files()]));

/** A quick button's typed request (ours): 'templates' answers with the template documents, 'proposal_check' checks a proposal. */
export const Intent = t.Optional(t.Union([t.Literal('templates'), t.Literal('proposal_check')]));

export const ChatBody = t.Object({
  message: t.Optional(t.String({ maxLength: MAX_MESSAGE })),
  show_regulation: Flag,
  /** ours: false = references only in `references` (our chat lists them), not also at the end of `text` */
  inline_references: Flag,
  intent: Intent,
  connection_id: ConnectionId,
  files: Upload,
});

export const CancelBody = t.Object({ connection_id: t.String({ minLength: 1, maxLength: 100 }) });

export const TitleBody = t.Object({
  user_message: t.String({ maxLength: MAX_MESSAGE }),
  ai_response: t.Optional(t.String({ maxLength: MAX_MESSAGE })),
});

const Turn = t.Object({ role: t.String({ maxLength: 20 }), content: t.String({ maxLength: 20_000 }) });

export const DraftBody = t.Object({
  brief: t.String({ minLength: 1, maxLength: MAX_MESSAGE }),
  document_type: t.Union([t.Literal('internal_memo'), t.Literal('student_activity_project')]),
  with_sources: Flag,
  template_spec: t.Optional(t.Union([t.String({ maxLength: 20_000 }), t.Record(t.String({ maxLength: 100 }), t.Unknown())])),
  conversation_history: t.Optional(t.Union([t.Array(Turn, { maxItems: 100 }), t.String({ maxLength: 200_000 })])),
  connection_id: ConnectionId,
  files: Upload,
});

export const TemplateParams = t.Object({ type: t.Union([t.Literal('internal_memo'), t.Literal('student_activity_project')]) });

export const DraftParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/** Multipart sends every field as text. */
export function flag(v: boolean | string | undefined): boolean {
  return v === true || (typeof v === 'string' && ['true', '1', 'yes', 'on'].includes(v.toLowerCase()));
}

export function historyOf(v: unknown): Array<{ role: 'user' | 'assistant'; content: string }> {
  let list = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((x): x is { role: string; content: string } => !!x && typeof x.content === 'string' && typeof x.role === 'string')
    .map((x) => ({ role: x.role === 'user' ? ('user' as const) : ('assistant' as const), content: x.content.slice(0, 20_000) }));
}
