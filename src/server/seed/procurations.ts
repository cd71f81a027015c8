import { formatProcurationCode } from '../../domain/procurations';
import type { Db } from '../db/client';
import {
  accountOfIne,
  claimProcuration,
  firstHousedAccount,
  insertProcuration,
  revokeProcuration,
} from '../modules/procurations/repository';
import { codeHmac, newProcurationCode } from '../modules/procurations/service';

/**
 * The demo's procurations (docs/procurations.md), through the procurations repository: the student
 * who can still deposit has an active DEPOT one (its code told in the start log, as the accounts'
 * passwords are) and a revoked one; a housed student has a PAIEMENT one a helper used from a
 * cybercafé's address.
 */
export async function loadDemoProcurations(
  tx: Db,
  opts: { depositor: string | undefined; key: string },
): Promise<{ ine: string; code: string } | null> {
  const idDepositor = opts.depositor ? await accountOfIne(tx, opts.depositor) : undefined;
  if (!opts.depositor || idDepositor === undefined) return null;
  const revoked = await insertProcuration(tx, {
    idUser: idDepositor,
    tache: 'DEPOT',
    codeHmac: codeHmac(opts.key, newProcurationCode()),
    heures: 4,
  });
  await revokeProcuration(tx, revoked.idProcuration);
  const code = newProcurationCode();
  await insertProcuration(tx, {
    idUser: idDepositor,
    tache: 'DEPOT',
    codeHmac: codeHmac(opts.key, code),
    heures: 24,
  });
  const housed = await firstHousedAccount(tx);
  if (housed !== undefined) {
    const used = newProcurationCode();
    await insertProcuration(tx, {
      idUser: housed,
      tache: 'PAIEMENT',
      codeHmac: codeHmac(opts.key, used),
      heures: 6,
    });
    await claimProcuration(tx, housed, codeHmac(opts.key, used), '196.28.245.17');
  }
  return { ine: opts.depositor, code: formatProcurationCode(code) };
}
