/** French mails: plain text and simple HTML. A mail that gives a password has the line `Mot de passe : …`. */
export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The line that carries a password (CONTRACT §4) and how the stored copy reads once the mail is sent. */
export const PASSWORD_LINE_PREFIX = 'Mot de passe : ';
export const PASSWORD_LINE_SQL_PATTERN = 'Mot de passe : [^[:space:]<]+';
export const PASSWORD_LINE_SCRUBBED = 'Mot de passe : ********';
const passwordLine = (password: string) => `${PASSWORD_LINE_PREFIX}${password}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

export interface Person {
  nom: string;
  prenom: string;
}

const hello = (p: Person) => `Bonjour ${p.prenom} ${p.nom},`;

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

export function depositReceiptMail(
  p: Person & { referenceDossier: string; dateDepot: string },
  signinUrl: string,
): MailContent {
  return build(
    'RECU_DEPOT',
    `CENOU Hébergement : accusé de dépôt ${p.referenceDossier}`,
    hello(p),
    [
      'Votre dossier de demande de logement a bien été déposé.',
      `Numéro de dossier : ${p.referenceDossier}`,
      `Date de dépôt : ${p.dateDepot}`,
      'Conservez ce numéro : il vous sera demandé pour toute réclamation.',
    ],
    signinUrl,
  );
}

export function resultMail(
  p: Person & {
    referenceDossier: string;
    resultat: 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS';
    rang?: number | null;
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
      `Numéro de dossier : ${p.referenceDossier}`,
      'Le détail est disponible dans votre tableau de bord.',
    ],
    signinUrl,
  );
}
