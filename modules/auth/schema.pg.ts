// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Everyone who has signed in at least once. Admin rights are `role='admin'` while `adminActive`. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(), // stored lower-case
    // who the person is: the IdP's `sub` under its issuer (the e-mail is only an attribute)
    subject: text('subject'),
    issuer: text('issuer'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    adminActive: boolean('admin_active').notNull().default(true),
    // how the admin right was granted: 'idp_group' is re-checked (and revoked) at every sign-in; null: the
    // console or ADMIN_EMAILS (which one is read from the configuration, see admin-source.ts)
    adminSource: text('admin_source', { enum: ['idp_group'] }),
    responsibility: text('responsibility').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [index('users_role_idx').on(t.role), uniqueIndex('users_identity_idx').on(t.issuer, t.subject)],
);

/** Server-side sessions; `id` is the SHA-256 of the opaque token the browser holds. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    userAgent: text('user_agent'),
    // the IdP's id token of this sign-in: the id_token_hint of the sign-out at the IdP
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per started sign-in: state (hashed), PKCE verifier and nonce, consumed once at the callback. */
export const loginRequests = pgTable('login_requests', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});
