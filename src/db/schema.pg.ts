// Every table of every feature on Postgres (issue 36), for drizzle-kit (drizzle.pg.config.ts); twin of ./schema.ts.
export * from '../../modules/auth/schema.pg';
export * from '../../modules/categories/schema.pg';
export * from '../../modules/documents/schema.pg';
export * from '../../modules/conversations/schema.pg';
export * from '../../modules/preferences/schema.pg';
export * from '../../modules/questions/schema.pg';
export * from '../../modules/synonyms/schema.pg';
export * from './limits-schema.pg';
