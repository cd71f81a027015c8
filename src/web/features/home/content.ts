import { PDF_MAX_BYTES } from '../../../domain/limits.ts';
import { frenchFileSize } from '../../../domain/format.ts';
import { paths } from '../../lib/paths.ts';

/**
 * The home page's long content (the rules of docs/agency-rules.md; its short rules are in the
 * catalogue). Kept as data so that the page stays simple and the texts are reviewed in one place.
 * A content module of the catalogue's rule (docs/messages.md): loaded with the home page, not in the
 * entry bundle. The FAQ's content is in `faq-content.ts`, loaded with the FAQ only (the home page,
 * a visitor's first screen, does not carry it); a rule's value (a size) is read from
 * `domain/limits.ts`.
 */

export const home = {
  title: 'Demande de logement en cité universitaire',
  intro:
    'Le Centre national des œuvres universitaires (CENOU) attribue chaque année les lits des cités universitaires publiques du Burkina Faso. Créez votre compte, déposez votre dossier et suivez le résultat en ligne, depuis votre téléphone.',
  banner:
    'Seuls les étudiants inscrits dans les universités de Ouagadougou, de Koudougou et de Bobo-Dioulasso peuvent demander un logement.',
  stepsTitle: 'Créer son compte et déposer son dossier',
  steps: [
    {
      title: 'Créer votre compte',
      text: 'Choisissez « S’inscrire », saisissez votre INE et votre date de naissance. Vérifiez votre identité, indiquez votre adresse e-mail, la personne à prévenir en cas de besoin et son contact, puis acceptez les engagements.',
    },
    {
      title: 'Recevoir votre mot de passe',
      text: 'Un mot de passe vous est envoyé par e-mail. Sur la page « Connexion », saisissez votre INE et collez ce mot de passe tel quel (copier-coller), puis changez-le depuis votre profil.',
    },
    {
      title: 'Préparer vos justificatifs',
      text: `Numérisez en PDF les pièces qui prouvent les critères que vous allez choisir\u00a0: ${frenchFileSize(PDF_MAX_BYTES)} au plus par fichier. La FAQ indique les critères qui demandent un justificatif.`,
    },
    {
      title: 'Déposer votre dossier',
      text: 'Pendant la session de dépôt de votre direction régionale, choisissez une valeur pour chaque critère obligatoire (marqué d’un astérisque) et pour les autres seulement s’ils s’appliquent à vous, joignez les justificatifs demandés et validez. Votre numéro de dossier vous est envoyé par e-mail.',
    },
    {
      title: 'Suivre le résultat',
      text: 'Votre tableau de bord affiche l’état de votre dossier, puis le résultat de la délibération et, si vous êtes retenu, votre cité, votre chambre et votre lit.',
    },
  ],
  documentsTitle: 'Pièces à fournir une fois retenu',
  documentsIntro: 'Présentez-vous au service d’hébergement de votre cité avec les pièces suivantes\u00a0:',
  documents: [
    'une demande d’admission accompagnée de deux photos d’identité récentes\u00a0;',
    'un certificat médical\u00a0;',
    'l’engagement de caution signé par le père ou le tuteur\u00a0;',
    'une copie de la carte nationale d’identité burkinabè ou de la carte consulaire\u00a0;',
    'une copie de la carte d’étudiant des œuvres universitaires.',
  ],
  rulesTitle: 'Bon à savoir',
  regulationsTitle: 'Textes à consulter avant l’inscription',
  regulations: [
    { label: 'Statut et règlement intérieur des cités universitaires', to: paths.documents.statutReglement },
    { label: 'Engagement personnel de caution', to: paths.documents.caution },
    { label: 'Déclaration sur l’honneur', to: paths.documents.declarationHonneur },
  ],
  signInCall: 'Vous avez déjà reçu votre mot de passe\u00a0?',
  faqCall: 'Une question sur les critères ou les justificatifs\u00a0?',
  faqLink: 'Consulter la FAQ',
};
