// GET /api/docs: the OpenAPI document as one plain HTML page, rendered on the server from the same document
// (no script, nothing from a CDN: the CSP allows only the app's own origin). Tools read /api/openapi.json.
import type { OpenApiDocument } from '../contracts/openapi';

type Json = Record<string, any>;

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A schema in one line: object fields with their types, `?` for optional ones. */
function brief(schema: Json | undefined, doc: OpenApiDocument, depth = 0): string {
  if (!schema) return '';
  if (schema.$ref) return brief((doc.components as Json).schemas?.[String(schema.$ref).split('/').pop()!], doc, depth);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map((s: Json) => brief(s, doc, depth)).join(' | ');
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${brief(schema.items, doc, depth)}[]`;
  if (schema.type === 'object' && schema.properties) {
    if (depth > 2) return '{…}';
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties as Json).map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${brief(v, doc, depth + 1)}`);
    return `{ ${fields.join(', ')} }`;
  }
  return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
}

function operation(method: string, path: string, op: Json, doc: OpenApiDocument): string {
  const body = op.requestBody?.content as Json | undefined;
  const rows = Object.entries((op.responses ?? {}) as Json)
    .map(([status, r]) => {
      const types = Object.keys(r.content ?? {});
      const json = r.content?.['application/json']?.schema;
      return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(types.join(', '))} ${json ? `<code>${escapeHtml(brief(json, doc))}</code>` : escapeHtml(r.description)}</li>`;
    })
    .join('');
  const request = body
    ? `<p>Body (${escapeHtml(Object.keys(body).join(', '))}): <code>${escapeHtml(brief(Object.values(body)[0]?.schema, doc))}</code></p>`
    : '';
  const params = (op.parameters ?? []).map((p: Json) => `${p.name}${p.required ? '' : '?'} (${p.in})`).join(', ');
  return `<section id="${escapeHtml(op.operationId)}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code>${op['x-spec'] ? ' <mark>spec</mark>' : ''} <small>access: ${escapeHtml(op['x-access'])}</small></h3>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}${params ? `<p>Parameters: ${escapeHtml(params)}</p>` : ''}${request}<ul>${rows}</ul></section>`;
}

export function openApiPage(doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(ops as Json)) {
      const tag = (op as Json).tags?.[0] ?? 'other';
      groups.set(tag, [...(groups.get(tag) ?? []), operation(method, path, op as Json, doc)]);
    }
  const body = [...groups].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;line-height:1.5}code{background:#f3f3f3;padding:0 .2rem;word-break:break-word}section{border-top:1px solid #ddd;padding:.25rem 0}h3{font-size:1rem}mark{background:#fde68a}</style></head><body><main><h1>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</h1><p>${escapeHtml(doc.info.description)}</p><p><a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1)</p>${body}</main></body></html>`;
}
