/**
 * SQL of rent (docs/rent.md), as the other modules call it: each concern is a file of its own, and
 * this file only names them.
 * - journal/repository.ts: the accounts and the double-entry journal, the one writer of its tables
 *   (posted, bulk, reversed; never updated);
 * - accounts/repository.ts: an assignment's live charges and sums, and the journal's check;
 * - assignments/repository.ts: the assignments as rent reads them (their bases, whose and where);
 * - payments/repository.ts: the payments, refunds and operators;
 * - outages/repository.ts: due dates moved by an outage;
 * - lists/repository.ts and receipts/repository.ts: the staff lists and a receipt's facts.
 */
export * from './journal/repository';
export * from './accounts/repository';
export * from './assignments/repository';
export { cashOperator, operatorById, type OperatorRow } from './payments/repository';
export * from './outages/repository';
