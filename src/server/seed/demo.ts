import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { generatePassword } from '../security/passwords';
import { createTestAccounts } from './factories';

export interface DemoAccount {
  role: string;
  userName: string;
  password: string;
}

/** Demo data for an empty database (CONTRACT §1 DEMO_DATA). */
export async function loadDemoData(db: Db, _opts: { log: FastifyBaseLogger }): Promise<DemoAccount[]> {
  const password = generatePassword(12);
  await db.transaction(async (tx) => {
    await createTestAccounts(tx, password);
  });
  return [{ role: 'tous les comptes de démonstration', userName: 'gestionnaire.ouaga, gestionnaire.cenou…', password }];
}
