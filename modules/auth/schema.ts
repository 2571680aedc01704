import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Everyone who has signed in at least once. Admin rights are `role='admin'` while `adminActive`. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(), // stored lower-case
    // who the person is: the IdP's `sub` under its issuer (the e-mail is only an attribute, see identity.ts);
    // null on accounts made before subjects were kept, bound at their next sign-in
    subject: text('subject'),
    issuer: text('issuer'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    adminActive: integer('admin_active', { mode: 'boolean' }).notNull().default(true),
    // how the admin right was granted: 'idp_group' is re-checked (and revoked) at every sign-in; null: the
    // console or ADMIN_EMAILS (which one is read from the configuration, see admin-source.ts)
    adminSource: text('admin_source', { enum: ['idp_group'] }),
    responsibility: text('responsibility').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('users_role_idx').on(t.role), uniqueIndex('users_identity_idx').on(t.issuer, t.subject)],
);

/** Server-side sessions; `id` is the SHA-256 of the opaque token the browser holds. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    // the IdP's id token of this sign-in: the id_token_hint of the sign-out at the IdP
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per started sign-in: state (hashed), PKCE verifier and nonce, consumed once at the callback. */
export const loginRequests = sqliteTable('login_requests', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});
