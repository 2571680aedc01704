// Each route's own body cap, from its body schema (issue 34 finding 5: a guest's 60 MB JSON body to /api/chat
// was read whole before anything refused it; the largest field of a chat is 100,000 characters). The cap is
// the longest JSON the schema admits: every string at its maxLength written in the widest escape (\uXXXX, 6
// bytes a UTF-16 unit, as Python's json.dumps writes Thai), arrays at maxItems, plus room for whitespace.
// A part the schema leaves unbounded counts UNBOUNDED_PART_BYTES; a route with files takes the multipart cap
// for a multipart body. Never above the global caps (capped-body.ts).
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES } from './capped-body';

/** What one unbounded part of a schema (a string with no maxLength, a free-form record) may take. */
export const UNBOUNDED_PART_BYTES = 256 * 1024;
/** Whitespace and framing a client may add around what the schema counts. */
const SLACK_BYTES = 16 * 1024;
/**
 * No route's cap is below this: a field over its maxLength in a body of ordinary size is still read and named
 * by the validator (a Thai 400), not refused for the body's size; only bodies far over any route's need are 413.
 */
export const MIN_CAP_BYTES = 1024 * 1024;
const ESCAPED_UNIT = 6;
const SCALAR = 32;

interface Schema {
  type?: string;
  format?: string;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: unknown;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  elysiaMeta?: string;
  [k: string]: unknown;
}

const isFile = (s: Schema) => s.format === 'binary' || s.elysiaMeta === 'File' || s.elysiaMeta === 'Files' || s.extension !== undefined;

/** The longest JSON text `schema` admits, in bytes (bounded parts as written, unbounded ones at UNBOUNDED_PART_BYTES). */
export function longestJson(schema: Schema | undefined): number {
  if (!schema || typeof schema !== 'object') return UNBOUNDED_PART_BYTES;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return Math.max(0, ...union.map((s) => (isFile(s) ? 0 : longestJson(s))));
  if (isFile(schema)) return 0; // files travel in multipart bodies only
  if (schema.const !== undefined) return JSON.stringify(schema.const).length * ESCAPED_UNIT;
  switch (schema.type) {
    case 'string':
      return schema.maxLength === undefined ? UNBOUNDED_PART_BYTES : 2 + schema.maxLength * ESCAPED_UNIT;
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return SCALAR;
    case 'array': {
      if (schema.maxItems === undefined) return UNBOUNDED_PART_BYTES;
      const item = Array.isArray(schema.items) ? Math.max(0, ...schema.items.map(longestJson)) : longestJson(schema.items);
      return 2 + schema.maxItems * (item + 1);
    }
    case 'object': {
      let total = 2;
      for (const [key, value] of Object.entries(schema.properties ?? {})) total += (key.length + 3) * ESCAPED_UNIT + longestJson(value) + 1;
      if (schema.patternProperties || schema.additionalProperties) total += UNBOUNDED_PART_BYTES;
      return total;
    }
    default:
      return UNBOUNDED_PART_BYTES;
  }
}

function hasFiles(schema: Schema | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (isFile(schema)) return true;
  if ((schema.anyOf ?? schema.oneOf)?.some(hasFiles)) return true;
  return Object.values(schema.properties ?? {}).some(hasFiles);
}

export interface BodyCaps {
  json: number;
  multipart: number;
}

/** The global caps: a route without a body schema (or not registered yet). */
export const DEFAULT_CAPS: BodyCaps = { json: MAX_JSON_BYTES, multipart: MAX_MULTIPART_BYTES };

const cache = new WeakMap<object, BodyCaps>();

/** A route's caps from its hooks (`app.routes[i].hooks`); the global caps when it declares no body. */
export function bodyCapsOf(hooks: unknown): BodyCaps {
  const body = (hooks as { body?: Schema } | undefined)?.body;
  if (!body || typeof body !== 'object') return DEFAULT_CAPS;
  let caps = cache.get(body);
  if (!caps) {
    const json = Math.min(MAX_JSON_BYTES, Math.max(MIN_CAP_BYTES, longestJson(body) + SLACK_BYTES));
    caps = { json, multipart: hasFiles(body) ? MAX_MULTIPART_BYTES : Math.min(MAX_MULTIPART_BYTES, json) };
    cache.set(body, caps);
  }
  return caps;
}
