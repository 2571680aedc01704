// The database-backed test files that also run on Postgres (issue 36): `npm test` runs them a second time with
// TEST_DATABASE=postgres (tests/helpers/test-database.ts), each test app on a fresh database of one throw-away
// cluster per test process. A file joins a list once it seeds and reads through tests/helpers (signIn, categoryFor,
// tables, queryRows) or the services, awaits its sign-ins and rows, and passes on both. Skipped, with the reason
// printed, when the `postgresql` package is absent (.ci/run installs it).
//
// Every test file that opens the app's database (tests/database-openers.ts reads it from the file's imports) is in
// exactly one of the three lists below, or starts its own cluster (tests/postgres/*, the single binary's journey);
// tests/postgres-suite.test.ts fails on a file in none, naming it. CI's `npm test` runs POSTGRES_SUITE on Postgres.
// POSTGRES_SUITE_HEAVY passes on Postgres too, but its time goes to work no database does (OCR of scans at upload,
// Chromium journeys, rendering, 300-page attack files): on Postgres it would take CI past its 15 minutes, and the rows
// it writes are the cheap files' too. `TEST_POSTGRES=all npm test` runs it as well. SQLITE_ONLY: each entry says why.
// Scans are read once per `npm test` run (modules/extraction/ocr-cache.ts) and the typecheck runs beside the tests
// (scripts/test.ts; figures in docs/scaling.md).
// Each case that is one dialect's alone says why where it is skipped: the memory store's bucket pruning
// (src/http/rate-limit.test.ts), a second instance on one database (Postgres), an answer refused when DATA_DIR's disk
// is full (SQLite: the database is on it; tests/faults/disk-full.test.ts).
export const POSTGRES_SUITE = [
  'modules/assistant/attachment-answer.test.ts',
  'modules/assistant/chat.test.ts',
  'modules/assistant/cited-page.test.ts',
  'modules/assistant/confidence-stability.test.ts',
  'modules/assistant/containment-chat.test.ts',
  'modules/assistant/drafting/docx-thread.test.ts',
  'modules/assistant/drafting/drafting.test.ts',
  'modules/assistant/drafting/proposal-check.test.ts',
  'modules/assistant/drafting/quota.test.ts',
  'modules/assistant/drafting/render-turns.test.ts',
  'modules/assistant/drafting/store.test.ts',
  'modules/assistant/follow-up.test.ts',
  'modules/assistant/limits.test.ts',
  'modules/assistant/llm-chat.test.ts',
  'modules/assistant/measured-threshold.test.ts',
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
  'modules/knowledge/embedding/embedding-faults.test.ts',
  'modules/knowledge/service.test.ts',
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
  'src/server-port.test.ts',
  'tests/contracts.test.ts',
  'tests/e2e/auth-admin-cli.test.ts',
  'tests/e2e/auth-admins.test.ts',
  'tests/e2e/auth-oidc.test.ts',
  'tests/e2e/auth-single-port.test.ts',
  'tests/e2e/auth-tokens.test.ts',
  'tests/e2e/chat-feedback.test.ts',
  'tests/e2e/first-start.test.ts',
  'tests/faults/crash.test.ts',
  'tests/faults/disk-full.test.ts',
  'tests/faults/index.test.ts',
  'tests/faults/llm-openai.test.ts',
  'tests/faults/llm.test.ts',
  'tests/openapi.test.ts',
  'tests/security/authz.test.ts',
  'tests/security/bodies.test.ts',
  'tests/security/csrf-session.test.ts',
  'tests/security/headers.test.ts',
  'tests/security/identity.test.ts',
  'tests/security/in-flight.test.ts',
  'tests/security/inputs.test.ts',
  'tests/security/limits-first.test.ts',
  'tests/security/rate-limits.test.ts',
  'tests/security/strict-bodies.test.ts',
  'tests/security/uploads.test.ts',
];

/** Run on Postgres only with TEST_POSTGRES=all (see above). */
export const POSTGRES_SUITE_HEAVY = [
  'modules/documents/extract-routes.test.ts',
  'modules/documents/viewer/viewer.test.ts',
  'scripts/ingest.test.ts',
  'tests/e2e/auth-sso.test.ts',
  'tests/e2e/auth.test.ts',
  'tests/e2e/chat-guest.test.ts',
  'tests/e2e/chat-nollm.test.ts',
  'tests/e2e/chat-proposal.test.ts',
  'tests/e2e/chat-user.test.ts',
  'tests/e2e/console-insights.test.ts',
  'tests/e2e/console-settings.test.ts',
  'tests/e2e/console-versions.test.ts',
  'tests/e2e/console.test.ts',
  'tests/e2e/foundation.test.ts',
  'tests/e2e/viewer.test.ts',
  'tests/security/attack-files.test.ts',
  'tests/security/xss.test.ts',
];

/**
 * Database-backed test files (tests/database-openers.ts) that run on SQLite only, each with its reason: what they test
 * is SQLite's alone, or they open a context for its paths and never query the database.
 */
export const SQLITE_ONLY: Record<string, string> = {
  'src/ops/backup.test.ts': "SQLite's backup (`VACUUM INTO`) and restore of DATA_DIR; Postgres's is tests/postgres/backup-pg.test.ts",
  'src/ops/data-lock.test.ts':
    'the DATA_DIR lock that keeps `restore` of a SQLite archive away from a running server; Postgres restores with pg_restore (backup-pg.test.ts)',
  'modules/knowledge/page-floor.test.ts': 'no database query: the knowledge index alone (LanceDB in DATA_DIR), with a filter that lets every document through',
  'src/secrets.test.ts': 'no database query: the key files in DATA_DIR, or keys derived from SECRET_KEY',
  'src/http/request-log.test.ts': 'no database query: the request log and metrics of requests no route or service answers (404s, a test route)',
};
