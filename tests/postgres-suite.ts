// The database-backed test files that also run on Postgres (issue 36): `npm test` runs them a second time with
// TEST_DATABASE=postgres (tests/helpers/test-database.ts), each test app on a fresh database of one throw-away
// cluster per test process. A file joins this list once it seeds through tests/helpers (signIn, categoryFor,
// tables) or the services and passes on both. Skipped, with the reason printed, when the `postgresql` package is
// absent (.ci/run installs it).
//
// Left to the SQLite pass: files whose time goes to work no database does, each 15-18 s on Postgres, while the
// queries they make are run on Postgres by the files listed here:
// - modules/documents/viewer/viewer.test.ts (passes on Postgres): renders PDF pages and reads scans with OCR; the
//   document reads, the inactive-document 404 and the delete are documents.test.ts's and list.test.ts's;
// - modules/documents/extract-routes.test.ts (passes on Postgres): OCR and text extraction, nothing stored but the
//   reviewed text, whose upload and edit versions.test.ts and upload.test.ts cover;
// - scripts/ingest.test.ts (passes on Postgres): OCR of scans and the command's table, ~50 s on either; on Postgres the
//   command's store-then-writer path is batch-indexer.test.ts's command-line case and tests/postgres/maintainer-cli.test.ts;
// - tests/security/ xss, headers, bodies, uploads, attack-files and tests/openapi.test.ts (pass on Postgres): rendering,
//   headers, body parsing and file limits, the same on both; 4-19 s each. authz (every route as every persona),
//   csrf-session (sessions), inputs (odd text stored and read back) and rate-limits (the Postgres limit store) are kept;
// - tests/e2e chat-guest, chat-user and console-insights (pass on Postgres; 28-50 s each in Chromium): the stores they
//   read are chat-feedback.test.ts's (kept, 16 s: votes and the question log written through the browser), and
//   routes.test.ts's, service.test.ts's and insights.test.ts's;
// - tests/faults/llm-openai.test.ts (passes on Postgres): the OpenAI protocol's faults, whose failed turn is stored as
//   tests/faults/llm.test.ts's (kept);
// - tests/e2e/viewer.test.ts (passes on Postgres, 160 s there under load): OCR of a scan at ingest and Chromium; its
//   reads are the viewer module's file's;
// - tests/e2e auth-sso, auth-tokens, auth-admin-cli, auth-single-port (pass on Postgres; 8-33 s each): IdP groups, id-token
//   checks, the admin command and one listening port; their rows are auth-oidc's and auth-admins' (kept), the command's
//   tests/postgres/app.test.ts's.
// Each case that is one dialect's alone says why where it is skipped: the memory store's bucket pruning
// (src/http/rate-limit.test.ts), a second instance on one database (Postgres), an answer refused when DATA_DIR's disk
// is full (SQLite: the database is on it; tests/faults/disk-full.test.ts).
export const POSTGRES_SUITE = [
  'modules/assistant/chat.test.ts',
  'modules/assistant/drafting/docx-thread.test.ts',
  'modules/assistant/drafting/drafting.test.ts',
  'modules/assistant/drafting/proposal-check.test.ts',
  'modules/assistant/drafting/quota.test.ts',
  'modules/assistant/drafting/render-turns.test.ts',
  'modules/assistant/drafting/store.test.ts',
  'modules/assistant/limits.test.ts',
  'modules/assistant/llm-chat.test.ts',
  'modules/auth/logout.test.ts',
  'modules/categories/categories.test.ts',
  'modules/conversations/answer.test.ts',
  'modules/conversations/draft.test.ts',
  'modules/conversations/quota.test.ts',
  'modules/conversations/routes.test.ts',
  'modules/conversations/service.test.ts',
  'modules/documents/batch-indexer.test.ts',
  'modules/documents/bulk-text.test.ts',
  'modules/documents/demo.test.ts',
  'modules/documents/documents.test.ts',
  'modules/documents/list.test.ts',
  'modules/documents/reconcile.test.ts',
  'modules/documents/similar.test.ts',
  'modules/documents/upload.test.ts',
  'modules/documents/versions.test.ts',
  'modules/health/health.test.ts',
  'modules/insights/insights-load.test.ts',
  'modules/insights/insights.test.ts',
  'modules/insights/question-test.test.ts',
  'modules/preferences/preferences.test.ts',
  'modules/questions/questions.test.ts',
  'modules/synonyms/build-steps.test.ts',
  'modules/synonyms/limits.test.ts',
  'modules/synonyms/per-app.test.ts',
  'modules/synonyms/synonyms.test.ts',
  'src/http/errors.test.ts',
  'src/http/guards.test.ts',
  'src/http/rate-limit.test.ts',
  'src/http/spooled-body.test.ts',
  'src/http/window-quota.test.ts',
  'src/pages/routes.test.ts',
  'tests/e2e/auth-admins.test.ts',
  'tests/e2e/auth-oidc.test.ts',
  'tests/e2e/chat-feedback.test.ts',
  'tests/e2e/first-start.test.ts',
  'tests/faults/crash.test.ts',
  'tests/faults/disk-full.test.ts',
  'tests/faults/index.test.ts',
  'tests/faults/llm.test.ts',
  'tests/security/authz.test.ts',
  'tests/security/csrf-session.test.ts',
  'tests/security/identity.test.ts',
  'tests/security/inputs.test.ts',
  'tests/security/rate-limits.test.ts',
];
