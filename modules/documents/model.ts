import { t } from 'elysia';
import { badRequest } from '../../src/http/errors';
import type { DocumentFields } from './pipeline';

export const idParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

export const listQuery = t.Object({
  // an integer: a fraction passed t.Numeric and reached SQLite as a LIMIT it refuses (500)
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })),
  cursor: t.Optional(t.String({ maxLength: 512 })),
  status: t.Optional(t.Union([t.Literal('all'), t.Literal('active'), t.Literal('inactive')])),
  type: t.Optional(t.Union([t.Literal('all'), t.Literal('pdf'), t.Literal('docx')])),
  category: t.Optional(t.String({ maxLength: 64 })),
  search: t.Optional(t.String({ maxLength: 200 })),
});

const MAX_CONTENTS = 20_000_000;

export const updateBody = t.Object({
  fileName: t.Optional(t.String({ maxLength: 300 })),
  description: t.Optional(t.String({ maxLength: 5000 })),
  // A document keeps a category once edited in the console (console.md §5): null is not "no category" here.
  categoryId: t.Optional(t.String({ maxLength: 200 })),
  version: t.String({ minLength: 1, maxLength: 50 }),
  isActive: t.Optional(t.Boolean()),
  fallbackContact: t.Optional(t.String({ maxLength: 1000 })),
  contents: t.Optional(t.String({ maxLength: MAX_CONTENTS })),
});

export const statusBody = t.Object({ isActive: t.Boolean() });

/** ?version=N: an earlier file of a replaced document (admins). */
export const downloadQuery = t.Object({ version: t.Optional(t.Integer({ minimum: 1, maximum: 100_000 })) });

const str = (v: unknown, name: string, max: number, required = false): string => {
  if (v === undefined || v === null) {
    if (required) throw badRequest(`Invalid request: data.${name} is required`);
    return '';
  }
  if (typeof v !== 'string' || v.length > max) throw badRequest(`Invalid request: data.${name} must be a string of at most ${max} characters`);
  return v;
};

/** The upload's `data` part: a JSON string (console.md §3 "Upload payload"). */
export function parseUploadData(raw: string | undefined): DocumentFields {
  if (!raw) throw badRequest('Invalid request: data is required');
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid request: data must be JSON');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('Invalid request: data must be a JSON object');
  const o = v as Record<string, unknown>;
  const isActive =
    o.isActive === undefined ? true : o.isActive === true || o.isActive === 'true' ? true : o.isActive === false || o.isActive === 'false' ? false : null;
  if (isActive === null) throw badRequest('Invalid request: data.isActive must be a boolean');
  const category = o.category ?? o.categoryId;
  return {
    fileName: str(o.fileName, 'fileName', 300),
    description: str(o.description, 'description', 5000),
    category: category === null ? null : str(category, 'category', 200),
    isActive,
    fallbackContact: str(o.fallbackContact, 'fallbackContact', 1000),
    contents: str(o.contents, 'contents', MAX_CONTENTS),
  };
}
