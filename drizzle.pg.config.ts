import { defineConfig } from 'drizzle-kit';

// The Postgres shape (issue 36): its own migrations, generated from the pg-core twins of each module's schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.pg.ts',
  out: './src/db/migrations-pg',
});
