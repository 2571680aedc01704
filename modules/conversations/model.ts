// Request schemas, limits and texts of the conversation API (chat.md §7; docs/api.md "Conversations").
import { t } from 'elysia';

/** Whole stored query, attachment text included: bounds what one turn can put into the prompt. */
export const QUERY_MAX = 20_000;
export const TOPIC_MAX = 120;
export const ID_MAX = 64;
export const RESPONSE_MAX = 100_000;
export const PAGE_SIZE = 50;
/** chat.md §9: titles are regenerated only while a conversation has 6 or fewer messages (3 turns). */
export const TITLE_MAX_MESSAGES = 6;
export const DEFAULT_TOPIC = 'บทสนทนาใหม่';

export const TEXTS = {
  notFound: 'ไม่พบบทสนทนา',
  detailNotFound: 'ไม่พบข้อความในบทสนทนา',
  queryRequired: 'กรุณาพิมพ์ข้อความหรือแนบไฟล์',
  topicRequired: 'กรุณาระบุชื่อบทสนทนา',
  topicTooLong: `ชื่อบทสนทนายาวได้ไม่เกิน ${TOPIC_MAX} ตัวอักษร`,
  queryTooLong: `ข้อความยาวได้ไม่เกิน ${QUERY_MAX.toLocaleString('en-US')} ตัวอักษร`,
  badCursor: 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง',
  busy: 'กำลังสร้างคำตอบสำหรับข้อความนี้อยู่แล้ว',
  alreadyAnswered: 'ข้อความนี้มีคำตอบแล้ว',
  regenerateLastOnly: 'สร้างคำตอบใหม่ได้เฉพาะข้อความล่าสุดเท่านั้น',
} as const;

const id = t.String({ minLength: 1, maxLength: ID_MAX });
/** JSON clients send a boolean, multipart forms send "true"/"false". */
const flag = t.Optional(t.Union([t.Boolean(), t.String({ maxLength: 10 })]));
/** Number, or a numeric string from form-encoded clients. */
const score = t.Union([t.Number(), t.String({ maxLength: 32 })]);

export const conversationParams = t.Object({ id });
export const detailParams = t.Object({ id, detailId: id });

/** JSON `{query}` (spec) or multipart with `files` too, so the first question of a chat can carry attachments. */
/** Ours: the client's connection id for the turn, so Stop (/api/cancel) reaches it before its answer starts. */
const connectionId = t.Optional(t.String({ minLength: 1, maxLength: ID_MAX, pattern: '^[A-Za-z0-9_.:-]+$' }));

export const createBody = t.Object({
  query: t.Optional(t.String({ maxLength: QUERY_MAX })),
  show_regulation: flag,
  connection_id: connectionId,
  files: t.Optional(t.Any()),
  'files[]': t.Optional(t.Any()),
});

/** JSON or multipart; `files`/`files[]` only in multipart (t.Any: one file arrives bare, several as an array). */
export const queryBody = t.Object({
  query: t.Optional(t.String({ maxLength: QUERY_MAX })),
  parentId: t.Optional(t.Nullable(t.String({ maxLength: ID_MAX + 16 }))),
  show_regulation: flag,
  connection_id: connectionId,
  files: t.Optional(t.Any()),
  'files[]': t.Optional(t.Any()),
});

export const saveAnswerBody = t.Object({
  response: t.String({ maxLength: RESPONSE_MAX }),
  confidence: t.Optional(score),
  accuracy: t.Optional(score),
});

export const messagesQuery = t.Object({ cursor: t.Optional(t.String({ maxLength: 512 })) });

export const renameBody = t.Object({ topic: t.String({ maxLength: TOPIC_MAX * 4 }) });

export const answerBody = t.Object({
  show_regulation: flag,
  connection_id: t.Optional(t.String({ minLength: 1, maxLength: ID_MAX })),
  regenerate: flag,
  /** a quick button's typed request: 'templates' answers with the template documents */
  intent: t.Optional(t.Union([t.Literal('templates'), t.Literal('proposal_check')])),
});

/** Ours: the server drafts the turn's document and stores it (docs/api.md "Conversations"). */
export const draftBody = t.Object({
  document_type: t.Optional(t.Union([t.Literal('internal_memo'), t.Literal('student_activity_project')])),
  with_sources: flag,
  connection_id: t.Optional(t.String({ minLength: 1, maxLength: ID_MAX })),
  regenerate: flag,
});

export function readFlag(v: boolean | string | undefined): boolean {
  return v === true || (typeof v === 'string' && ['true', '1', 'yes', 'on'].includes(v.trim().toLowerCase()));
}

export type { AttachmentInfo, ConversationRecord as MessageRecord, MessagesPage, TopicItem } from '../../contracts/conversations';
