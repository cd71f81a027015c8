/**
 * Rent (docs/rent.md, docs/decisions/031-rent-journal.md), as the other modules call it: each
 * concern is a file of its own, and this file only names them. Services take `(db or tx, actor,
 * input)` and never see Fastify.
 * - issuance/service.ts: the instalments an assignment owes (the assignment service: assign, a
 *   move, a cancellation; the backfill), the changes a departure brings and the damage it charges;
 * - payments/service.ts: payments recorded exactly once (the mobile-money module, the counters);
 * - refunds/service.ts: money paid back to a student holding a credit;
 * - accounts/service.ts: what the student and staff read of an account;
 * - receipts/service.ts and lists/service.ts: a receipt's reading and check, the lists' scope.
 */
export * from './issuance/service';
export * from './payments/service';
export * from './refunds/service';
export * from './accounts/service';
export { newPaymentReference } from './journal/repository';
