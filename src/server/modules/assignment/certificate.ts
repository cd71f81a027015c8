/**
 * The housing certificate (docs/assignment.md): one A4 page with a QR code of its public check page
 * (the shared `checkedPdf`, src/server/exports/checked-pdf.ts): the student's identity, the
 * session's academic year, where it sleeps (or slept, once the year is over), the monthly rent,
 * the verification code. Texts from
 * the catalogue; dates as read in Ouagadougou.
 */
import { fill, messages } from '../../../domain/messages';
import type { AttestationFacts } from './repository';
import { anneeLibelle } from '../../../domain/workflow';
import { checkedPdf, frDate } from '../../exports/checked-pdf';
import { formatFcfa } from '../../../domain/money';

export function certificatePdf(facts: AttestationFacts, checkUrl: string, now = new Date()): Promise<Buffer> {
  const annee = anneeLibelle(facts.anneeDebut);
  return checkedPdf({
    infoTitle: `${messages.attestationPdfTitre} ${facts.codeVerification}`,
    title: messages.attestationPdfTitre,
    subtitle: `${messages.attestationPdfAnnee} ${annee}`,
    // A year that is over (its session closed) is told in the past tense.
    intro: facts.anneeTerminee
      ? fill(messages.attestationPdfIntroPassee, { annee })
      : messages.attestationPdfIntro,
    checkUrl,
    checkText: messages.attestationPdfVerifier,
    issued: messages.attestationPdfDelivree,
    now,
    body: ({ doc, line }) => {
      line(messages.attestationPdfEtudiant, `${facts.nomEtudiant} ${facts.prenomEtudiant}`);
      line(messages.attestationPdfIne, facts.ine);
      if (facts.dateNaissance)
        line(
          messages.attestationPdfNaissance,
          `${frDate(facts.dateNaissance)}${facts.lieuNaissance ? ` (${facts.lieuNaissance})` : ''}`,
        );
      line(messages.attestationPdfSession, `${annee} — ${facts.libelleDirection}`);
      doc.moveDown(0.5);
      line(messages.attestationPdfCite, facts.nomCite);
      line(messages.attestationPdfBatiment, facts.libelleBatiment);
      line(messages.attestationPdfNiveau, facts.libelleNiveau);
      line(messages.attestationPdfCouloir, facts.libelleCouloir);
      line(messages.attestationPdfChambre, facts.libelleChambre);
      line(messages.attestationPdfLit, facts.libelleLit);
      line(
        messages.attestationPdfMontant,
        fill(messages.attestationPdfMontantValeur, {
          montant: formatFcfa(facts.montantChambre, { plain: true }),
        }),
      );
      doc.moveDown(0.5);
      line(messages.attestationPdfCode, facts.codeVerification);
      if (!facts.valide) {
        doc.moveDown(0.5);
        doc
          .font('Helvetica-Bold')
          .fillColor('#b00020')
          .text(fill(messages.attestationPdfAnnulee, { date: frDate(facts.dateAnnulation) }));
        doc.fillColor('black');
      }
    },
  });
}
