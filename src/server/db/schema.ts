/**
 * The database schema. Column names are the snake_case of the API's field names, so that the
 * generic CRUD (src/server/crud) can address any resource's columns from its definition.
 * Every reference-data table is soft-deleted (`deleted_at`); uniqueness holds among live rows.
 * Change it, then `npm run db:generate` writes the next SQL migration (committed).
 */
export * from './schema/reference';
export * from './schema/accounts';
export * from './schema/messaging';
export * from './schema/dossier';
export * from './schema/deliberation';
export * from './schema/assignment';
export * from './schema/files';
export * from './schema/rent';
export * from './schema/payments';
export * from './schema/room-choice';
export * from './schema/availability';
export * from './schema/cite-life';
export * from './schema/procurations';
export * from './schema/ussd';
export * from './schema/repairs';
export * from './schema/statistics';
export * from './schema/counters';
