/**
 * French mails: plain text and simple HTML. A mail that gives a password has the line
 * `Mot de passe : …`. A content module of the catalogue's rule (docs/messages.md): mail bodies are
 * long-form text the web client never shows, so they stay out of its entry bundle.
 */
import { escapeHtml, fullName } from '../../domain/format';
import { formatFcfa } from '../../domain/money';

export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The line that carries a password (docs/accounts.md) and how the stored copy reads once the mail is sent. */
const PASSWORD_LINE_PREFIX = 'Mot de passe : ';
export const PASSWORD_LINE_SQL_PATTERN = 'Mot de passe : [^[:space:]<]+';
export const PASSWORD_LINE_SCRUBBED = 'Mot de passe : ********';
const passwordLine = (password: string) => `${PASSWORD_LINE_PREFIX}${password}`;

/** The line that carries a forgotten password's code, and how the stored copy reads once sent. */
const CODE_LINE_PREFIX = 'Code de vérification : ';
export const CODE_LINE_SQL_PATTERN = 'Code de vérification : [0-9]+';
export const CODE_LINE_SCRUBBED = 'Code de vérification : ******';

function build(
  kind: string,
  subject: string,
  greeting: string,
  lines: string[],
  signinUrl?: string,
): MailContent {
  const footer = "Centre national des œuvres universitaires (CENOU) — service de l'hébergement.";
  const text = [
    greeting,
    '',
    ...lines,
    ...(signinUrl ? ['', `Connexion : ${signinUrl}`] : []),
    '',
    '--',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).join('\n')}
${signinUrl ? `<p><a href="${escapeHtml(signinUrl)}">Se connecter</a></p>` : ''}
<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { kind, subject, text, html };
}

interface Person {
  nom: string;
  prenom: string;
}

const hello = (p: Person) => `Bonjour ${fullName(p.nom, p.prenom)},`;

export function accountCreatedMail(
  p: Person & { userName: string; password: string },
  signinUrl: string,
): MailContent {
  return build(
    'COMPTE_CREE',
    'CENOU Hébergement : votre compte est créé',
    hello(p),
    [
      'Votre compte sur la plateforme d’hébergement du CENOU est créé.',
      `Identifiant (INE) : ${p.userName}`,
      passwordLine(p.password),
      'Copiez-collez ce mot de passe pour vous connecter, puis changez-le depuis votre profil.',
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
    'CENOU Hébergement : votre mot de passe a été réinitialisé',
    hello(p),
    [
      'Votre mot de passe a été réinitialisé par un administrateur.',
      `Identifiant : ${p.userName}`,
      passwordLine(p.password),
      'Les connexions ouvertes avec l’ancien mot de passe sont fermées.',
    ],
    signinUrl,
  );
}

/** A deposit's time as people read it in Burkina Faso (Africa/Ouagadougou): `12/09/2026 à 08:30`. */
export function formatDateDepot(date: Date): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Africa/Ouagadougou',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} à ${get('hour')}:${get('minute')}`;
}

/** The deposit receipt (docs/accounts.md, docs/sessions-and-dossiers.md): the reference, the time, a link to the dashboard. */
export function depositReceiptMail(
  p: Person & { referenceDossier: string; dateDepot: Date },
  dashboardUrl: string,
): MailContent {
  const mail = build(
    'RECU_DEPOT',
    `CENOU Hébergement : dépôt de dossier effectué (${p.referenceDossier})`,
    hello(p),
    [
      'Dépôt de dossier effectué\u00a0!',
      'Votre dossier de demande de logement a bien été déposé.',
      `Numéro de dossier : ${p.referenceDossier}`,
      `Date de dépôt : ${formatDateDepot(p.dateDepot)}`,
      'Conservez ce numéro : il vous sera demandé pour toute réclamation.',
      `Suivez votre dossier depuis votre tableau de bord : ${dashboardUrl}`,
    ],
  );
  return mail;
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
      ? 'Félicitations : vous êtes admis(e) à la cité universitaire.'
      : p.resultat === 'LISTE_ATTENTE'
        ? `Vous êtes inscrit(e) sur la liste d’attente${p.rang ? ` au rang ${p.rang}` : ''}.`
        : 'Nous avons le regret de vous informer que votre demande n’a pas été retenue.';
  return build(
    'RESULTAT',
    `CENOU Hébergement : résultat de votre demande ${p.referenceDossier}`,
    hello(p),
    [
      phrase,
      ...(p.resultat === 'ADMIS' && p.liste
        ? [`Liste : ${p.liste}${p.rang ? `, rang ${p.rang}` : ''}.`]
        : []),
      ...(p.moyenne ? [`Votre moyenne : ${p.moyenne} / 20.`] : []),
      ...(p.resultat === 'ADMIS' && p.dateLimite
        ? [`Acceptez ou refusez cette offre depuis votre tableau de bord avant le ${p.dateLimite}.`]
        : []),
      `Numéro de dossier : ${p.referenceDossier}`,
      'Le détail est disponible dans votre tableau de bord.',
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
  return build(
    'AFFECTATION_LIT',
    p.deplacement ? 'CENOU Hébergement : votre lit a changé' : 'CENOU Hébergement : un lit vous est attribué',
    hello(p),
    [
      p.deplacement
        ? 'Votre affectation en cité universitaire a été modifiée.'
        : 'Un lit vous est attribué en cité universitaire.',
      `Cité : ${p.nomCite}`,
      `Bâtiment : ${p.libelleBatiment} — chambre : ${p.libelleChambre} — lit : ${p.libelleLit}`,
      `Loyer mensuel : ${formatFcfa(p.montantChambre, { plain: true, unit: true })}`,
      `Code de vérification de votre attestation : ${p.codeVerification}`,
      `Téléchargez votre attestation de logement depuis votre tableau de bord : ${dashboardUrl}`,
    ],
  );
}

/** The offer's reminder, REMINDER_HOURS before its deadline (offers/job.ts). */
export function offerReminderMail(
  p: Person & { referenceDossier: string; liste: string; dateLimite: string },
  dashboardUrl: string,
): MailContent {
  return build(
    'RAPPEL_OFFRE',
    `CENOU Hébergement : répondez à votre offre avant le ${p.dateLimite}`,
    hello(p),
    [
      `Vous êtes admis(e) à la cité universitaire (liste : ${p.liste}) et vous n’avez pas encore répondu à cette offre.`,
      `Acceptez-la ou refusez-la depuis votre tableau de bord avant le ${p.dateLimite} : passé ce délai, elle expire et votre place est donnée au suivant de la liste d’attente.`,
      `Numéro de dossier : ${p.referenceDossier}`,
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}

/** A place freed by another student goes to this one, from the waiting list (docs/offers.md). */
export function promotionMail(
  p: Person & { referenceDossier: string; liste: string; rang: number; dateLimite: string },
  dashboardUrl: string,
): MailContent {
  return build(
    'PROMOTION',
    `CENOU Hébergement : une place vous est proposée (${p.referenceDossier})`,
    hello(p),
    [
      'Bonne nouvelle : une place s’est libérée et vous quittez la liste d’attente. Vous êtes admis(e) à la cité universitaire.',
      `Liste : ${p.liste}, rang ${p.rang}.`,
      `Acceptez ou refusez cette offre depuis votre tableau de bord avant le ${p.dateLimite}.`,
      `Numéro de dossier : ${p.referenceDossier}`,
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}

/** An admission withdrawn by the staff, with its reason (docs/offers.md). */
export function withdrawalMail(
  p: Person & { referenceDossier: string; motif: string; commentaire?: string | null },
  dashboardUrl: string,
): MailContent {
  return build(
    'RETRAIT_ADMISSION',
    `CENOU Hébergement : votre admission est retirée (${p.referenceDossier})`,
    hello(p),
    [
      'Votre admission à la cité universitaire a été retirée par le CENOU.',
      `Motif : ${p.motif}${p.commentaire ? ` — ${p.commentaire}` : ''}.`,
      'Si un lit vous avait été attribué, il est libéré et votre attestation de logement n’est plus valable.',
      `Numéro de dossier : ${p.referenceDossier}`,
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}

/** The deadline passed without an answer: the offer expired (docs/offers.md). */
export function offerExpiredMail(
  p: Person & { referenceDossier: string },
  dashboardUrl: string,
): MailContent {
  return build(
    'OFFRE_EXPIREE',
    `CENOU Hébergement : votre offre d’admission a expiré (${p.referenceDossier})`,
    hello(p),
    [
      'Vous n’avez pas répondu à votre offre d’admission avant la date limite : elle a expiré et votre place a été proposée au suivant de la liste d’attente.',
      `Numéro de dossier : ${p.referenceDossier}`,
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}

/** A forgotten password's code (docs/accounts.md#forgotten-password): the code, how long it lasts, the page. */
export function passwordCodeMail(
  p: Person & { userName: string; code: string; minutes: number },
  pageUrl: string,
): MailContent {
  return build('CODE_MOT_DE_PASSE', 'CENOU Hébergement : votre code pour changer de mot de passe', hello(p), [
    `Un nouveau mot de passe a été demandé pour le compte ${p.userName}.`,
    `${CODE_LINE_PREFIX}${p.code}`,
    `Ce code est valable ${p.minutes} minutes. Saisissez-le avec votre nouveau mot de passe : ${pageUrl}`,
    'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
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
  const moyen = p.numeroRecu ? `${p.moyen}, n° du carnet de reçus ${p.numeroRecu}` : p.moyen;
  return build('PAIEMENT_ENREGISTRE', `CENOU Hébergement : paiement de ${p.montant} reçu`, hello(p), [
    `Nous avons bien reçu votre paiement de loyer de ${p.montant} le ${p.date} (${moyen}).`,
    `Référence : ${p.referencePaiement}`,
    `Reste à payer après ce paiement : ${p.reste}`,
    `Téléchargez votre reçu (PDF) depuis « Mon loyer » : ${urls.monLoyer}`,
    `Toute personne peut vérifier ce reçu à l’adresse : ${urls.recu}`,
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
  return build('REMBOURSEMENT_ENREGISTRE', `CENOU Hébergement : remboursement de ${p.montant}`, hello(p), [
    `Un remboursement de ${p.montant} vous a été versé le ${p.date} (${p.moyen}, pièce n° ${p.numeroPiece}).`,
    `Référence : ${p.referenceRemboursement}`,
    `Trop-perçu restant après ce remboursement : ${p.credit}`,
    `Le détail de votre loyer est sur « Mon loyer » : ${urls.monLoyer}`,
  ]);
}

/** A student's slot to choose its room (docs/room-choice.md): from when, until when, where. */
/** The reminder sent when the student's slot opens (docs/room-choice.md). */
export function roomChoiceReminderMail(p: Person & { fin: string }, dashboardUrl: string): MailContent {
  return build(
    'RAPPEL_CRENEAU',
    'CENOU Hébergement : votre créneau pour choisir votre chambre est ouvert',
    hello(p),
    [
      'Votre créneau pour choisir votre chambre en cité universitaire est ouvert.',
      `Vous pouvez choisir jusqu’au ${p.fin}, seul(e) ou avec votre groupe.`,
      'Sans choix à la fin de la campagne, un lit vous sera attribué par le CENOU.',
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}

export function roomChoiceSlotMail(
  p: Person & { debutCreneau: string; fin: string },
  dashboardUrl: string,
): MailContent {
  return build(
    'CRENEAU_CHOIX',
    `CENOU Hébergement : choisissez votre chambre à partir du ${p.debutCreneau}`,
    hello(p),
    [
      'Vous avez accepté votre place en cité universitaire : vous choisissez vous-même votre chambre, seul(e) ou avec jusqu’à trois ami(e)s.',
      `Votre créneau s’ouvre le ${p.debutCreneau} ; vous pouvez choisir jusqu’au ${p.fin}.`,
      'Sans choix à la fin de la campagne, un lit vous sera attribué par le CENOU.',
      `Tableau de bord : ${dashboardUrl}`,
    ],
  );
}
