import { ETUDIANT } from '../../domain/enums';
import { fill, messages } from '../../domain/messages';
import { formatProcurationCode } from '../../domain/procurations';
import type { Actor } from '../access/actor';
import { receiptLinks, type ReceiptLinks } from '../config/urls';
import type { Db } from '../db/client';
import type { PaymentsContext } from '../payments/context';
import { WebhookRefused, type PaymentProvider, type ProviderTransaction } from '../payments/provider';
import { findAccountById } from '../modules/accounts/repository';
import { journalRecorder } from '../modules/payments/recorder';
import { operatorsForStudent, settlePayment, startMobilePayment } from '../modules/payments/service';
import { accountOfIne, housedCandidates } from '../modules/procurations/repository';
import { createProcuration, helperSignin, revokeOwnProcuration } from '../modules/procurations/service';
import { studentMayPayRent, studentRent } from '../modules/rent/service';

/** The cybercafé the demo's helper paid from: its address as the server saw it, its own phone. */
export const DEMO_HELPER = { adresse: '196.28.245.17', telephone: '+22670123450' } as const;

/** What the demo's payment by procuration left, for the start log and the named account. */
export interface DemoHelperPayment {
  userName: string;
  ine: string;
  idProcuration: number;
  referencePaiement: string;
  montant: number;
}

/**
 * The load has no server to reach the simulator through: a provider that approves each debit at
 * once, for the amount asked and with our reference, as the simulator does for a number ending in 0.
 */
function approvingProvider(): PaymentProvider {
  const asked = new Map<string, { montant: number; reference: string }>();
  return {
    async startDebit(request) {
      const idTransaction = `demo_${request.reference}`;
      asked.set(idTransaction, { montant: request.montant, reference: request.reference });
      return { idTransaction };
    },
    async transaction(idTransaction): Promise<ProviderTransaction> {
      const t = asked.get(idTransaction);
      if (!t) throw new Error(`demo provider: no transaction ${idTransaction}`);
      return {
        idTransaction,
        statut: 'REUSSI',
        status: 'approved',
        montant: t.montant,
        reference: t.reference,
      };
    },
    verifyWebhook() {
      throw new WebhookRefused('the demo load takes no webhook');
    },
  };
}

async function studentActor(tx: Db, idUser: number): Promise<Actor | undefined> {
  const account = await findAccountById(tx, idUser);
  if (!account || account.role !== ETUDIANT) return undefined;
  return { id: account.id, role: ETUDIANT, idDirection: account.idDirection, userName: account.userName };
}

/**
 * A helper pays an instalment of a housed student's rent from a cybercafé, as on `/aide`: the
 * student gives a « Payer mon loyer » procuration, the helper signs in with the INE and the code,
 * reads the rent, pays the amount the page proposes by the first mobile-money operator from its own
 * phone, and the provider approves. Each step is the product's own service (the journal's entry,
 * the receipt's mail and SMS, the dossier's history and the audit journal naming the procuration).
 */
async function helperPays(
  tx: Db,
  opts: { key: string; exclude: readonly string[]; links: ReceiptLinks },
): Promise<DemoHelperPayment | null> {
  for (const c of await housedCandidates(tx, opts.exclude)) {
    if (!(await studentMayPayRent(tx, c.idUser))) continue;
    const student = await studentActor(tx, c.idUser);
    if (!student) continue;
    const { code } = await createProcuration(tx, student, {
      tache: 'PAIEMENT',
      dureeHeures: 6,
      key: opts.key,
    });
    let idProcuration = 0;
    await helperSignin(tx, null, {
      ine: c.ine,
      code,
      adresse: DEMO_HELPER.adresse,
      key: opts.key,
      issueToken: (_account, id) => {
        idProcuration = id;
        return '';
      },
    });
    // The helper's actor as the sign-in's token makes it (src/server/plugins/auth.ts).
    const helper: Actor = {
      ...student,
      userName: fill(messages.auteurAidant, { nom: student.userName, id: idProcuration }),
      procuration: { idProcuration, tache: 'PAIEMENT', adresse: DEMO_HELPER.adresse },
    };
    const owed = (await studentRent(tx, helper)).find((r) => r.payable);
    const ctx: PaymentsContext = {
      provider: approvingProvider(),
      recorder: journalRecorder,
      links: opts.links,
      simulation: true,
      log: SILENT,
      inflight: new Map(),
    };
    const [operator] = (await operatorsForStudent(tx, helper, ctx)).operateurs;
    if (!owed || !operator) return null;
    // The amount /aide proposes (src/web/features/rent/due.ts `suggestedAmount`).
    const montant = owed.paiementPropose?.montant ?? owed.montantChambre;
    const { referencePaiement } = await startMobilePayment(
      tx,
      helper,
      {
        idAffectation: owed.idAffectation,
        montant,
        idOperateur: operator.idOperateur,
        telephone: DEMO_HELPER.telephone,
      },
      ctx,
    );
    const truth = await ctx.provider.transaction(`demo_${referencePaiement}`);
    const statut = await settlePayment(tx, ctx, referencePaiement, truth, 'NOTIFICATION');
    if (statut !== 'REUSSI') throw new Error(`demo: the helper's payment ${referencePaiement} is ${statut}`);
    return { userName: c.userName, ine: c.ine, idProcuration, referencePaiement, montant };
  }
  return null;
}

/**
 * The demo's procurations (docs/procurations.md), through the product's services as the API calls
 * them: the student who can still deposit gives a DEPOT one (its code told in the start log, as the
 * accounts' passwords are) and a revoked one (its code told too, for a person to see it refused); a student housed this year, with rent to pay and
 * named for nothing else, gives a PAIEMENT one, which a helper used from a cybercafé to pay an
 * instalment (`helperPays`).
 */
const quiet = () => undefined;
/** The demo's payment tells nothing in the log: the load prints its own summary. */
const SILENT: PaymentsContext['log'] = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => SILENT,
};

export async function loadDemoProcurations(
  tx: Db,
  opts: {
    depositor: string | undefined;
    key: string;
    /** The demo's named accounts: the paying student is none of them. */
    exclude: readonly string[];
    /** The server's address as the receipt's mail links to it. */
    publicUrl: string;
  },
): Promise<{ ine: string; code: string; revoque: string; paiement: DemoHelperPayment | null } | null> {
  const idDepositor = opts.depositor ? await accountOfIne(tx, opts.depositor) : undefined;
  const depositor = idDepositor === undefined ? undefined : await studentActor(tx, idDepositor);
  if (!opts.depositor || !depositor) return null;
  const revoked = await createProcuration(tx, depositor, { tache: 'DEPOT', dureeHeures: 4, key: opts.key });
  await revokeOwnProcuration(tx, depositor, revoked.idProcuration);
  const { code } = await createProcuration(tx, depositor, { tache: 'DEPOT', dureeHeures: 24, key: opts.key });
  const links = receiptLinks({ PUBLIC_URL: opts.publicUrl, HOST: '127.0.0.1', PORT: 3000 });
  const paiement = await helperPays(tx, { key: opts.key, exclude: opts.exclude, links });
  return {
    ine: opts.depositor,
    code: formatProcurationCode(code),
    revoque: formatProcurationCode(revoked.code),
    paiement,
  };
}
