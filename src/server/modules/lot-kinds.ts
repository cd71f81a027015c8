import type { LotKinds } from '../mail/lots';
import { resultLot } from './deliberation/repository';

/**
 * The kinds of mail lots the modules queue (mail/lots.ts), assembled here so that the mail worker
 * knows none of the modules: `main.ts` hands them to the worker.
 */
export const LOT_KINDS: LotKinds = { RESULTAT: resultLot };
