import { PDF_MAX_BYTES } from '../../../domain/limits';
import { frenchFileSize } from '../../../domain/format';
import { limitKo, messages } from '../../../domain/messages';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';
import { paths } from '../../lib/paths';

/**
 * Long page content of the home page and the FAQ (facts from the agency's published rules). Kept as data so that the pages stay simple and the texts are
 * reviewed in one place. A content module of the catalogue's rule (docs/messages.md): loaded with
 * its lazy pages, not in the entry bundle; a rule's value (a size) is read from `domain/limits.ts`.
 */

/** A paragraph, or a bulleted list. */
export type Block = string | { items: string[] };

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
  documentsIntro: 'Présentez-vous au service d’hébergement de votre cité avec les pièces suivantes :',
  documents: [
    'une demande d’admission accompagnée de deux photos d’identité récentes ;',
    'un certificat médical ;',
    'l’engagement de caution signé par le père ou le tuteur ;',
    'une copie de la carte nationale d’identité burkinabè ou de la carte consulaire ;',
    'une copie de la carte d’étudiant des œuvres universitaires.',
  ],
  rulesTitle: 'Bon à savoir',
  rules: [
    'Un lit est attribué pour une année universitaire ; un étudiant est logé deux ans au plus, quatre ans pour un étudiant en situation de handicap.',
    'Les réadmissions passent avant les nouvelles admissions ; sur chaque liste de nouvelles admissions (pupilles, étrangers, nationaux), 60 % des places sont réservées aux étudiantes, les réadmissions non comprises.',
    'Les cités n’accueillent pas de couples.',
    'Les cités ferment du 1er août au 30 septembre (une cité de vacances reste ouverte) et rouvrent vers le 1er octobre.',
  ],
  regulationsTitle: 'Textes à consulter avant l’inscription',
  regulations: [
    { label: 'Statut et règlement intérieur des cités universitaires', to: paths.documents.statutReglement },
    { label: 'Engagement personnel de caution', to: paths.documents.caution },
    { label: 'Déclaration sur l’honneur', to: paths.documents.declarationHonneur },
  ],
  signInCall: 'Vous avez déjà reçu votre mot de passe ?',
  faqCall: 'Une question sur les critères ou les justificatifs ?',
  faqLink: 'Consulter la FAQ',
};

export interface FaqItem {
  question: string;
  answer: Block[];
}

export interface FaqSection {
  title: string;
  items: FaqItem[];
}

export const faq: { title: string; intro: string; sections: FaqSection[] } = {
  title: 'Questions fréquentes',
  intro:
    'Les réponses aux questions les plus posées sur la demande de logement en cité universitaire. Si vous ne trouvez pas la vôtre, appelez le standard du CENOU ou votre direction régionale.',
  sections: [
    {
      title: 'Qui peut demander un logement ?',
      items: [
        {
          question: 'Suis-je concerné ?',
          answer: [
            'La demande est ouverte aux étudiants inscrits dans une université publique ou privée agréée de Ouagadougou, de Koudougou ou de Bobo-Dioulasso, et aux nouveaux bacheliers qui s’y inscrivent.',
            'Votre INE doit figurer dans le registre des étudiants transmis au CENOU par votre université. Les années académiques admises sont fixées à chaque campagne (pour la campagne 2021-2022 : de 2018-2019 à 2021-2022).',
          ],
        },
        {
          question: 'Ma ville d’orientation ne dispose pas de cité universitaire : que faire ?',
          answer: [
            'Le dépôt n’est possible que si votre ville d’orientation dispose d’une cité universitaire : Bobo-Dioulasso, Koudougou ou Ouagadougou. Dans les autres villes, la plateforme vous l’indique et refuse le dépôt pour le moment.',
          ],
        },
        {
          question: 'Combien de temps puis-je être logé ?',
          answer: [
            'Un lit est attribué pour une année universitaire. Un étudiant est logé deux ans au plus (quatre ans pour un étudiant en situation de handicap) ; les réadmissions passent avant les nouvelles admissions.',
          ],
        },
      ],
    },
    {
      title: 'Compte et connexion',
      items: [
        {
          question: 'Comment créer mon compte ?',
          answer: [
            'Choisissez « S’inscrire », saisissez votre INE et votre date de naissance, complétez votre adresse e-mail, la personne à prévenir en cas de besoin et son contact, cochez les engagements puis validez. Votre mot de passe vous est envoyé par e-mail.',
          ],
        },
        {
          question:
            'Le message « L’INE et la date de naissance saisis ne correspondent à aucun étudiant du registre » s’affiche',
          answer: [
            'Vérifiez l’INE et la date de naissance saisis. Si votre INE est correct mais inconnu, votre université ne l’a pas encore transmis : rapprochez-vous de son service de scolarité.',
          ],
        },
        {
          question: `Le message «\u00a0${messages.erreurConnexion}\u00a0» s’affiche`,
          answer: [
            'Saisissez votre INE exactement comme sur votre carte d’étudiant et collez le mot de passe reçu par e-mail sans ajouter d’espace. Après plusieurs essais manqués, la connexion de votre compte est bloquée pendant quelques minutes.',
            'Si vous n’avez jamais créé de compte (« Compte inexistant »), inscrivez-vous d’abord.',
          ],
        },
        {
          question: 'Je n’ai pas reçu mon mot de passe',
          answer: [
            'Regardez dans le dossier des courriers indésirables de votre messagerie. Si le message n’y est pas, appelez le standard du CENOU : un administrateur peut vous envoyer un nouveau mot de passe à l’adresse de votre compte.',
          ],
        },
      ],
    },
    {
      title: 'Justificatifs',
      items: [
        {
          question: 'Quels critères demandent un justificatif ?',
          answer: [
            'Un justificatif est obligatoire pour les critères suivants :',
            {
              items: [
                'personne déplacée interne (PDI), simple ou orpheline ;',
                'profession des parents ;',
                'statut d’orphelin ;',
                'pupille de la Nation ;',
                'handicap ;',
                'sportif ou artiste de haut niveau ;',
                'indigence ;',
                'nationalité ;',
                'âge (acte de naissance).',
              ],
            },
            'Aucun justificatif n’est demandé pour le lieu de résidence, le nombre de frères et sœurs, le niveau d’études et la série du baccalauréat.',
            'La mention au baccalauréat se justifie par le relevé de notes, sauf la mention « Passable ». Un étudiant qui n’est pas orphelin n’a rien à joindre pour ce critère.',
            'Un étudiant PDI orphelin joint l’acte de décès du parent et un document délivré par l’action sociale.',
          ],
        },
        {
          question: 'Que se passe-t-il si un justificatif manque ?',
          answer: [
            'Le dépôt est refusé tant qu’un critère qui demande un justificatif n’en a pas. Un justificatif illisible ou qui ne prouve pas le critère choisi est jugé invalide lors de l’analyse du dossier, et le critère ne compte pas dans votre note.',
          ],
        },
        {
          question: 'Quel format pour les fichiers ?',
          answer: [
            `Uniquement des documents PDF, de ${frenchFileSize(PDF_MAX_BYTES)} (${limitKo(PDF_MAX_BYTES)}) au plus chacun, un fichier par critère. Une application de numérisation sur téléphone permet de photographier un document et de l’enregistrer en PDF.`,
          ],
        },
      ],
    },
    {
      title: 'Dossier et résultats',
      items: [
        {
          question: 'Puis-je modifier ou supprimer mon dossier ?',
          answer: [
            'Oui, tant que la session d’inscription de votre direction régionale est ouverte. Une fois la session close, le message « Vous ne pouvez pas supprimer votre dossier, la session d’inscription est close ! » s’affiche.',
          ],
        },
        {
          question: 'Comment les dossiers sont-ils classés ?',
          answer: [
            'Chaque critère validé lors de l’analyse rapporte sa note, pondérée par le coefficient de son type. Les candidats sont classés par note décroissante, puis par moyenne au baccalauréat, puis par date de dépôt.',
            'Les places sont attribuées d’abord aux pupilles de la Nation, puis aux étudiants étrangers, puis aux nationaux ; les candidats non retenus forment la liste d’attente.',
          ],
        },
        {
          question: 'Puis-je répondre à mon offre par SMS ?',
          answer: [
            `Oui. Depuis le numéro qui reçoit les SMS du CENOU, envoyez au ${SMS_NUMERO_REPONSE} «\u00a0OUI\u00a0» suivi de votre numéro de dossier pour accepter la place, ou «\u00a0NON\u00a0» suivi de ce numéro pour y renoncer, avant la date limite de réponse. Par exemple\u00a0: «\u00a0OUI OUA-2026-000123\u00a0». Majuscules, minuscules et espaces n’ont pas d’importance.`,
            'Le SMS qui vous annonce la place donne déjà le texte à envoyer, avec votre numéro de dossier. Un SMS vous confirme ensuite la réponse enregistrée, ou vous dit pourquoi elle ne l’est pas (délai passé, réponse déjà donnée). Votre numéro de dossier figure aussi sur votre tableau de bord.',
          ],
        },
        {
          question: 'Combien coûte un lit ?',
          answer: [
            'Le loyer dépend de la catégorie de la chambre et de la cité ; il est indiqué avec votre affectation. Les cités ferment du 1er août au 30 septembre.',
          ],
        },
      ],
    },
  ],
};

export const contacts = {
  title: 'Contacts',
  intro:
    'Numéros des standards de l’agence et des centres régionaux, joignables du lundi au vendredi, de 7 h 30 à 16 h.',
  entries: [
    {
      label: 'Standard du CENOU — siège, Kossodo (Ouagadougou)',
      tel: '+226 25 35 60 30',
      email: 'contact@cenou.bf',
    },
    { label: 'Centre régional de Ouagadougou (CROUO)', tel: '+226 25 30 70 10', email: 'crouo@cenou.bf' },
    { label: 'Centre régional de Bobo-Dioulasso (CROUB)', tel: '+226 20 97 01 20', email: 'croub@cenou.bf' },
    { label: 'Centre régional de Koudougou (CROUK)', tel: '+226 25 44 01 90', email: 'crouk@cenou.bf' },
  ],
};
