import { frenchDay } from '../../../../domain/format';
/**
 * Refunds of rent (docs/rent.md#refunds, docs/decisions/035-rent-refunds.md): money paid back to a
 * student holding a credit, by staff in scope, and the student told of it.
 */
import type { RefundAnswer, RefundInput } from '../../../../domain/schemas/rent';
import { fill, messages } from '../../../../domain/messages';
import { refundAmountRefusal } from '../../../../domain/rent';
import { smsText } from '../../../../domain/messages-sms';
import { formatFcfa } from '../../../../domain/money';
import { assertCanReach, scopeFor } from '../../../access/access';
import type { Actor } from '../../../access/actor';
import { recordAudit } from '../../../audit/record';
import { recordEvent } from '../../../history/record';
import { enqueueSmsList } from '../../../sms/outbox';
import { enqueueMail } from '../../../mail/outbox';
import { refundMail } from '../../../mail/templates';
import type { ReceiptLinks } from '../../../config/urls';
import type { Db } from '../../../db/client';
import { isUniqueViolation, withTransaction } from '../../../db/transaction';
import { AppError, fieldErrors, notFound } from '../../../errors';
import { candidateOfDossier } from '../../assignment/repository';
import { accounts, newPaymentReference, postTransactions, todayUtc } from '../journal/repository';
import { accountSums } from '../accounts/repository';
import { rentAssignment } from '../assignments/repository';
import {
  cashOperator,
  insertRefund,
  operatorById,
  refundPieceTaken,
  refundsOf,
  type RefundListed,
} from '../payments/repository';

/**
 * A refund (docs/rent.md#refunds, docs/decisions/035-rent-refunds.md): money paid back to a student
 * holding a credit (`solde` < 0, after a cancellation or a move to a cheaper bed), by staff in scope
 * (GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction), at most that credit. In one transaction
 * holding the assignment's row (two refunds at once are checked in turn, as cash payments are):
 * the REMBOURSEMENT journal transaction (debit the student, credit the account the money leaves:
 * the cité's counter for cash, the operator otherwise), the refund's row, its audit entry, and the
 * student's SMS and mail through the outbox.
 */
export async function recordRefund(
  db: Db,
  actor: Actor | null,
  input: RefundInput,
  links?: ReceiptLinks,
): Promise<RefundAnswer> {
  scopeFor(actor, 'rent.manage');
  const numeroPiece = input.numeroPiece.trim().replace(/\s+/g, ' ');
  const run = () =>
    withTransaction(db, async (tx) => {
      const a = await rentAssignment(tx, input.idAffectation, true);
      if (!a) throw notFound();
      assertCanReach(actor, 'rent.manage', { idDirection: a.idDirection });
      const operator =
        input.idOperateur === null || input.idOperateur === undefined
          ? await cashOperator(tx)
          : await operatorById(tx, input.idOperateur);
      if (input.idOperateur != null && !operator?.actif)
        throw fieldErrors([{ champ: 'idOperateur', message: messages.loyerRemboursementOperateurInconnu }]);
      if (!operator) throw new AppError('CONFLIT', 'loyerAucunOperateurEspeces');
      const cash = operator.codeTypePaiement === 'ESPECES';
      const telephone = cash ? null : (input.telephone ?? null);
      if (operator.codeTypePaiement === 'MOBILE_MONEY' && !telephone)
        throw fieldErrors([{ champ: 'telephone', message: messages.loyerRemboursementTelephoneRequis }]);
      if (await refundPieceTaken(tx, numeroPiece)) throw pieceTaken();
      const before = await accountSums(tx, a.idAffectation);
      const refusal = refundAmountRefusal(input.montant, before.solde);
      if (refusal === 'aucunTropPercu')
        throw new AppError('CONFLIT', 'loyerAucunTropPercu', [
          { champ: 'montant', message: messages.loyerAucunTropPercu },
        ]);
      if (refusal) {
        const text = fill(messages.loyerRemboursementAuDelaDuCredit, {
          credit: formatFcfa(-before.solde, { unit: true }),
        });
        throw new AppError('CONFLIT', { text }, [{ champ: 'montant', message: text }]);
      }
      const referenceRemboursement = newPaymentReference('RMB');
      const [idTransaction] = await postTransactions(tx, [
        {
          nature: 'REMBOURSEMENT',
          libelle: cash
            ? fill(messages.loyerJournalRemboursementEspeces, { numero: numeroPiece })
            : fill(messages.loyerJournalRemboursement, {
                operateur: operator.libelleOperateur,
                numero: numeroPiece,
              }),
          dateValeur: todayUtc(),
          idAffectation: a.idAffectation,
          referencePaiement: referenceRemboursement,
          idAuteur: actor?.id ?? null,
          lines: [
            { compte: accounts.etudiant(a.idAffectation), debit: input.montant },
            {
              compte: cash ? accounts.caisseCite(a.idCite) : accounts.operateur(operator.idOperateur),
              credit: input.montant,
            },
          ],
        },
      ]);
      await insertRefund(tx, {
        referenceRemboursement,
        idAffectation: a.idAffectation,
        idOperateur: operator.idOperateur,
        montant: input.montant,
        numeroPiece,
        telephone,
        idTransaction: idTransaction!,
        idAuteur: actor?.id ?? null,
      });
      await recordEvent(tx, {
        idDossier: a.idDossier,
        idSessionCenou: a.idSessionCenou,
        evenement: 'REMBOURSEMENT',
        actor,
        date: new Date(),
        detail: { montant: input.montant, moyen: operator.libelleOperateur, numeroPiece },
      });
      await recordAudit(tx, actor, {
        action: 'REMBOURSER',
        resource: 'remboursement',
        resourceId: referenceRemboursement,
        detail: {
          idAffectation: a.idAffectation,
          montant: input.montant,
          idOperateur: operator.idOperateur,
          numeroPiece,
          reference: referenceRemboursement,
        },
      });
      const solde = before.solde + input.montant;
      const [refund] = await refundsOf(tx, [a.idAffectation]).then((l) =>
        l.filter((r) => r.referenceRemboursement === referenceRemboursement),
      );
      await tellRefund(tx, a, refund!, Math.max(0, -solde), links);
      return { ...refund!, idAffectation: a.idAffectation, solde };
    });
  try {
    return await run();
  } catch (err) {
    // Two people typing the same voucher at once: the unique index answers for the second.
    if (isUniqueViolation(err, 'remboursement_numero_piece')) throw pieceTaken();
    throw err;
  }
}

const pieceTaken = () =>
  new AppError('DOUBLON', 'loyerNumeroPiecePris', [
    { champ: 'numeroPiece', message: messages.loyerNumeroPiecePris },
  ]);

/** The student told of its refund, through the outboxes in the refund's transaction: an SMS, and a mail when `links`. */
async function tellRefund(
  tx: Db,
  a: { idUser: number | null; idDossier: number },
  r: RefundListed,
  credit: number,
  links: ReceiptLinks | undefined,
): Promise<void> {
  const date = frenchDay(r.dateRemboursement);
  if (a.idUser !== null)
    await enqueueSmsList(tx, [
      {
        kind: 'REMBOURSEMENT_ENREGISTRE',
        idUser: a.idUser,
        idDossier: a.idDossier,
        text: smsText('REMBOURSEMENT_ENREGISTRE', {
          montant: formatFcfa(r.montant, { plain: true }),
          date,
          reference: r.referenceRemboursement,
          solde: formatFcfa(credit, { plain: true }),
        }),
      },
    ]);
  const student = links ? await candidateOfDossier(tx, a.idDossier) : undefined;
  if (!links || !student?.email) return;
  await enqueueMail(
    tx,
    student.email,
    refundMail(
      {
        nom: student.nom,
        prenom: student.prenom,
        referenceRemboursement: r.referenceRemboursement,
        montant: formatFcfa(r.montant, { unit: true }),
        date,
        moyen: r.libelleOperateur,
        numeroPiece: r.numeroPiece,
        credit: formatFcfa(credit, { unit: true }),
      },
      { monLoyer: links.monLoyer },
    ),
    { idUser: a.idUser, idDossier: a.idDossier },
  );
}
