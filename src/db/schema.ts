// Every table of every feature, for drizzle-kit and for typed queries.
export * from '../../modules/auth/schema';
export * from '../../modules/categories/schema';
export * from '../../modules/documents/schema';
export * from '../../modules/conversations/schema';
export * from '../../modules/preferences/schema';
export * from '../../modules/questions/schema';
export * from '../../modules/synonyms/schema';
export * from './limits-schema';
