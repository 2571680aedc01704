// The success envelope every JSON route answers with (docs/api.md): `{ status: 'success', data }`.
import { t, type TSchema } from 'elysia';

export const success = <T extends TSchema>(data: T) => t.Object({ status: t.Literal('success'), data });

/** A page of a keyset-paginated list: the rows in `data`, then `extra` (totals) beside the cursor. */
export const cursorPage = <T extends TSchema, E extends Record<string, TSchema>>(item: T, extra: E) =>
  t.Object({ status: t.Literal('success'), data: t.Array(item), hasNext: t.Boolean(), nextCursor: t.Nullable(t.String()), ...extra });

/** A refusal: `{ status: 'error', message, code, details? }` (docs/api.md "Errors"). */
export const errorEnvelope = <T extends Record<string, TSchema>>(extra: T) =>
  t.Object({ status: t.Literal('error'), message: t.String(), code: t.String(), details: t.Optional(t.Record(t.String(), t.Unknown())), ...extra });
