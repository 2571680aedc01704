// GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from the routes' schemas (src/openapi.ts).
import { t } from 'elysia';

/** The document's frame; paths and components are JSON Schema and OpenAPI objects passed through as generated. */
export const OpenApiDocument = t.Object(
  {
    openapi: t.String(),
    info: t.Object({ title: t.String(), version: t.String(), description: t.Optional(t.String()) }, { additionalProperties: true }),
    servers: t.Optional(t.Array(t.Object({ url: t.String() }))),
    paths: t.Record(t.String(), t.Unknown()),
    components: t.Record(t.String(), t.Unknown()),
  },
  { additionalProperties: true },
);
export type OpenApiDocument = typeof OpenApiDocument.static;
