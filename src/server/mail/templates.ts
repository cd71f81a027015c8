/**
 * The mails: plain text and simple HTML, every sentence from the message catalogue
 * (src/domain/messages.ts, `mail…`). A mail that gives a password has the line
 * `Mot de passe : …` (`messages.mailMotDePasse`).
 */
import { escapeHtml, fullName } from '../../domain/format';
import { fill, messages as m } from '../../domain/messages';
import { formatFcfa } from '../../domain/money';

export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A line's text as SQL's `regexp_replace` finds it: the catalogue's no-break space, or the plain
 * one the lines had before they were in the catalogue (a copy stored then is still scrubbed).
 */
const linePattern = (prefix: string) =>
  prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u00a0/g, '[ \u00a0]');

/** The line that carries a password (docs/accounts.md) and how the stored copy reads once the mail is sent. */
const passwordLine = (password: string) => fill(m.mailMotDePasse, { motDePasse: password });
export const PASSWORD_LINE_SQL_PATTERN = `${linePattern(passwordLine(''))}[^[:space:]<]+`;
export const PASSWORD_LINE_SCRUBBED = passwordLine('********');

/** The line that carries a forgotten password's code, and how the stored copy reads once sent. */
const codeLine = (code: string) => fill(m.mailCode, { code });
export const CODE_LINE_SQL_PATTERN = `${linePattern(codeLine(''))}[0-9]+`;
export const CODE_LINE_SCRUBBED = codeLine('******');

function build(
  kind: string,
  subject: string,
  greeting: string,
  lines: string[],
  signinUrl?: string,
): MailContent {
  const footer = m.mailPied;
  const text = [
    greeting,
    '',
    ...lines,
    ...(signinUrl ? ['', fill(m.mailConnexion, { url: signinUrl })] : []),
    '',
    '--',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).join('\n')}
${signinUrl ? `<p><a href="${escapeHtml(signinUrl)}">${escapeHtml(m.mailSeConnecter)}</a></p>` : ''}
<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { kind, subject, text, html };
}

interface Person {
  nom: string;
  prenom: string;
}

const hello = (p: Person) => fill(m.mailBonjour, { nom: fullName(p.nom, p.prenom) });
const dossierLine = (reference: string) => fill(m.mailNumeroDossier, { reference });
const dashboardLine = (url: string) => fill(m.mailTableauDeBord, { url });

export function accountCreatedMail(
  p: Person & { userName: string; password: string },
  signinUrl: string,
): MailContent {
  return build(
    'COMPTE_CREE',
    m.mailSujetCompteCree,
    hello(p),
    [
      m.mailCompteCree,
      fill(m.mailIdentifiantIne, { identifiant: p.userName }),
      passwordLine(p.password),
      m.mailCopierMotDePasse,
    ],
    signinUrl,
  );
}

export function passwordResetMail(
  p: Person & { userName: string; password: string },
  signinUrl: string,
): MailContent {
  return build(
    'MOT_DE_PASSE_REINITIALISE',
    m.mailSujetMotDePasseReinitialise,
    hello(p),
    [
      m.mailMotDePasseReinitialise,
      fill(m.mailIdentifiant, { identifiant: p.userName }),
      passwordLine(p.password),
      m.mailConnexionsFermees,
    ],
    signinUrl,
  );
}

/**
 * Burkina Faso's clock, day to minute. Made once: building an `Intl.DateTimeFormat` costs far more
 * than using it, and each deposit formats its time twice (the receipt mail and its SMS).
 */
const DEPOT_FORMAT = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Africa/Ouagadougou',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A deposit's time as people read it in Burkina Faso (Africa/Ouagadougou): `12/09/2026 à 08:30`. */
export function formatDateDepot(date: Date): string {
  const parts = DEPOT_FORMAT.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return fill(m.mailDateHeure, {
    date: `${get('day')}/${get('month')}/${get('year')}`,
    heure: `${get('hour')}:${get('minute')}`,
  });
}

/** The deposit receipt (docs/accounts.md, docs/sessions-and-dossiers.md): the reference, the time, a link to the dashboard. */
export function depositReceiptMail(
  p: Person & { referenceDossier: string; dateDepot: Date },
  dashboardUrl: string,
): MailContent {
  return build('RECU_DEPOT', fill(m.mailSujetDepot, { reference: p.referenceDossier }), hello(p), [
    m.mailDepotEffectue,
    m.mailDepotDepose,
    dossierLine(p.referenceDossier),
    fill(m.mailDateDepot, { date: formatDateDepot(p.dateDepot) }),
    m.mailConserverNumero,
    fill(m.mailSuivreDossier, { url: dashboardUrl }),
  ]);
}

export function resultMail(
  p: Person & {
    referenceDossier: string;
    resultat: 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS';
    rang?: number | string | null;
    /** The list's label (ADMIS). */
    liste?: string | null;
    /** The score as people read it (`12,35`). */
    moyenne?: string | null;
    /** The offer's deadline as people read it (ADMIS). */
    dateLimite?: string | null;
  },
  signinUrl: string,
): MailContent {
  const phrase =
    p.resultat === 'ADMIS'
      ? m.mailResultatAdmis
      : p.resultat === 'LISTE_ATTENTE'
        ? p.rang
          ? fill(m.mailResultatAttenteRang, { rang: p.rang })
          : m.mailResultatAttente
        : m.mailResultatNonAdmis;
  return build(
    'RESULTAT',
    fill(m.mailSujetResultat, { reference: p.referenceDossier }),
    hello(p),
    [
      phrase,
      ...(p.resultat === 'ADMIS' && p.liste
        ? [
            p.rang
              ? fill(m.mailListeRang, { liste: p.liste, rang: p.rang })
              : fill(m.mailListe, { liste: p.liste }),
          ]
        : []),
      ...(p.moyenne ? [fill(m.mailMoyenne, { moyenne: p.moyenne })] : []),
      ...(p.resultat === 'ADMIS' && p.dateLimite ? [fill(m.mailRepondreAvant, { date: p.dateLimite })] : []),
      dossierLine(p.referenceDossier),
      m.mailDetailTableauDeBord,
    ],
    signinUrl,
  );
}

/** A bed is given (or moved): where, the monthly rent, the certificate's code (docs/assignment.md). */
export function bedAssignedMail(
  p: Person & {
    nomCite: string;
    libelleBatiment: string;
    libelleChambre: string;
    libelleLit: string;
    montantChambre: number;
    codeVerification: string;
    deplacement?: boolean;
  },
  dashboardUrl: string,
): MailContent {
  return build('AFFECTATION_LIT', p.deplacement ? m.mailSujetLitDeplace : m.mailSujetLitAttribue, hello(p), [
    p.deplacement ? m.mailLitDeplace : m.mailLitAttribue,
    fill(m.mailCite, { cite: p.nomCite }),
    fill(m.mailBatimentChambreLit, {
      batiment: p.libelleBatiment,
      chambre: p.libelleChambre,
      lit: p.libelleLit,
    }),
    fill(m.mailLoyerMensuel, { montant: formatFcfa(p.montantChambre, { plain: true, unit: true }) }),
    fill(m.mailCodeAttestation, { code: p.codeVerification }),
    fill(m.mailTelechargerAttestation, { url: dashboardUrl }),
  ]);
}

/** The offer's reminder, REMINDER_HOURS before its deadline (offers/job.ts). */
export function offerReminderMail(
  p: Person & { referenceDossier: string; liste: string; dateLimite: string },
  dashboardUrl: string,
): MailContent {
  return build('RAPPEL_OFFRE', fill(m.mailSujetRappelOffre, { date: p.dateLimite }), hello(p), [
    fill(m.mailRappelOffre, { liste: p.liste }),
    fill(m.mailRappelOffreDelai, { date: p.dateLimite }),
    dossierLine(p.referenceDossier),
    dashboardLine(dashboardUrl),
  ]);
}

/** A place freed by another student goes to this one, from the waiting list (docs/offers.md). */
export function promotionMail(
  p: Person & { referenceDossier: string; liste: string; rang: number; dateLimite: string },
  dashboardUrl: string,
): MailContent {
  return build('PROMOTION', fill(m.mailSujetPromotion, { reference: p.referenceDossier }), hello(p), [
    m.mailPromotion,
    fill(m.mailListeRang, { liste: p.liste, rang: p.rang }),
    fill(m.mailRepondreAvant, { date: p.dateLimite }),
    dossierLine(p.referenceDossier),
    dashboardLine(dashboardUrl),
  ]);
}

/** An admission withdrawn by the staff, with its reason (docs/offers.md). */
export function withdrawalMail(
  p: Person & { referenceDossier: string; motif: string; commentaire?: string | null },
  dashboardUrl: string,
): MailContent {
  return build('RETRAIT_ADMISSION', fill(m.mailSujetRetrait, { reference: p.referenceDossier }), hello(p), [
    m.mailRetrait,
    p.commentaire
      ? fill(m.mailMotifCommentaire, { motif: p.motif, commentaire: p.commentaire })
      : fill(m.mailMotif, { motif: p.motif }),
    m.mailRetraitLit,
    dossierLine(p.referenceDossier),
    dashboardLine(dashboardUrl),
  ]);
}

/** The deadline passed without an answer: the offer expired (docs/offers.md). */
export function offerExpiredMail(
  p: Person & { referenceDossier: string },
  dashboardUrl: string,
): MailContent {
  return build('OFFRE_EXPIREE', fill(m.mailSujetOffreExpiree, { reference: p.referenceDossier }), hello(p), [
    m.mailOffreExpiree,
    dossierLine(p.referenceDossier),
    dashboardLine(dashboardUrl),
  ]);
}

/** A forgotten password's code (docs/accounts.md#forgotten-password): the code, how long it lasts, the page. */
export function passwordCodeMail(
  p: Person & { userName: string; code: string; minutes: number },
  pageUrl: string,
): MailContent {
  return build('CODE_MOT_DE_PASSE', m.mailSujetCode, hello(p), [
    fill(m.mailCodeDemande, { identifiant: p.userName }),
    codeLine(p.code),
    fill(m.mailCodeValable, { minutes: p.minutes, url: pageUrl }),
    m.mailCodeIgnorer,
  ]);
}

/** A payment recorded (cash or mobile money): its receipt's essentials and where to get it (docs/rent.md#receipts). */
export function paymentReceiptMail(
  p: Person & {
    referencePaiement: string;
    montant: string;
    date: string;
    moyen: string;
    /** The receipt book's number of a cash payment. */
    numeroRecu?: string | null;
    reste: string;
  },
  urls: { recu: string; monLoyer: string },
): MailContent {
  const moyen = p.numeroRecu ? fill(m.mailMoyenCarnet, { moyen: p.moyen, numero: p.numeroRecu }) : p.moyen;
  return build('PAIEMENT_ENREGISTRE', fill(m.mailSujetPaiement, { montant: p.montant }), hello(p), [
    fill(m.mailPaiementRecu, { montant: p.montant, date: p.date, moyen }),
    fill(m.mailReference, { reference: p.referencePaiement }),
    fill(m.mailResteApresPaiement, { reste: p.reste }),
    fill(m.mailTelechargerRecu, { url: urls.monLoyer }),
    fill(m.mailVerifierRecu, { url: urls.recu }),
  ]);
}

/** A refund recorded (docs/rent.md#refunds): how much went back, how, and what credit remains. */
export function refundMail(
  p: Person & {
    referenceRemboursement: string;
    montant: string;
    date: string;
    moyen: string;
    numeroPiece: string;
    credit: string;
  },
  urls: { monLoyer: string },
): MailContent {
  return build('REMBOURSEMENT_ENREGISTRE', fill(m.mailSujetRemboursement, { montant: p.montant }), hello(p), [
    fill(m.mailRemboursementVerse, {
      montant: p.montant,
      date: p.date,
      moyen: p.moyen,
      piece: p.numeroPiece,
    }),
    fill(m.mailReference, { reference: p.referenceRemboursement }),
    fill(m.mailTropPercuRestant, { credit: p.credit }),
    fill(m.mailDetailLoyer, { url: urls.monLoyer }),
  ]);
}

/** The reminder sent when the student's slot opens (docs/room-choice.md). */
export function roomChoiceReminderMail(p: Person & { fin: string }, dashboardUrl: string): MailContent {
  return build('RAPPEL_CRENEAU', m.mailSujetRappelCreneau, hello(p), [
    m.mailRappelCreneau,
    fill(m.mailRappelCreneauFin, { fin: p.fin }),
    m.mailSansChoix,
    dashboardLine(dashboardUrl),
  ]);
}

/** A student's slot to choose its room (docs/room-choice.md): from when, until when, where. */
export function roomChoiceSlotMail(
  p: Person & { debutCreneau: string; fin: string },
  dashboardUrl: string,
): MailContent {
  return build('CRENEAU_CHOIX', fill(m.mailSujetCreneau, { debut: p.debutCreneau }), hello(p), [
    m.mailCreneauChoix,
    fill(m.mailCreneauOuvre, { debut: p.debutCreneau, fin: p.fin }),
    m.mailSansChoix,
    dashboardLine(dashboardUrl),
  ]);
}
