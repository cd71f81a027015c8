import { INVENTORY_HOURS, PART_FEMMES_DEFAULT, PDF_MAX_BYTES } from '../../../domain/limits';
import { STATUS_DAYS } from '../../../domain/availability';
import { ROOM_CHOICE } from '../../../domain/room-choice';
import { frenchFileSize } from '../../../domain/format';
import { limitKo, messages } from '../../../domain/messages';
import { SMS_NUMERO_REPONSE } from '../../../domain/sms-answer';

/**
 * The FAQ's long content and the agency's contacts (the rules of docs/: agency-rules.md, score.md,
 * deliberation.md, offers.md, rent.md, payments.md). Kept as data so that the page stays simple and
 * the texts are reviewed in one place. A content module of the catalogue's rule (docs/messages.md):
 * loaded with the FAQ page only; a rule's value (a size) is read from `domain/limits.ts`.
 */

/** A paragraph, or a bulleted list. */
export type Block = string | { items: string[] };

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
      title: 'Qui peut demander un logement\u00a0?',
      items: [
        {
          question: 'Suis-je concerné\u00a0?',
          answer: [
            'La demande est ouverte aux étudiants inscrits dans une université publique ou privée agréée de Ouagadougou, de Koudougou ou de Bobo-Dioulasso, et aux nouveaux bacheliers qui s’y inscrivent.',
            'Votre INE doit figurer dans le registre des étudiants transmis au CENOU par votre université pour la campagne 2026-2027. Vous déposez votre dossier pendant la session de dépôt de la direction régionale de votre ville d’orientation.',
          ],
        },
        {
          question: 'Ma ville d’orientation ne dispose pas de cité universitaire\u00a0: que faire\u00a0?',
          answer: [
            'Le dépôt n’est possible que si votre ville d’orientation dispose d’une cité universitaire\u00a0: Bobo-Dioulasso, Koudougou ou Ouagadougou. Dans les autres villes, la plateforme vous l’indique et refuse le dépôt pour le moment.',
          ],
        },
        {
          question: 'Combien de temps puis-je être logé\u00a0?',
          answer: [
            'Un lit est attribué pour une année universitaire. Un étudiant est logé deux ans au plus, quatre ans si un critère de handicap est reconnu lors de l’analyse de son dossier. Les années comptées sont celles où vous avez eu un lit, y compris celles que le registre de votre université indique d’avant cette plateforme.',
            'Si vous avez atteint la durée maximale, le formulaire de dépôt vous l’indique avant que vous ne le remplissiez, et le dépôt est refusé.',
          ],
        },
        {
          question: 'Comment demander ma réadmission\u00a0?',
          answer: [
            'La réadmission est ouverte à l’étudiant logé l’année universitaire précédente dans la même direction régionale. Pendant la session de dépôt, votre tableau de bord affiche alors le bouton «\u00a0Demande de réadmission\u00a0»\u00a0: il ouvre le formulaire de dépôt avec la case «\u00a0Demande de réadmission\u00a0» cochée. Choisissez vos critères, joignez les justificatifs et déposez votre dossier comme pour une première demande.',
            'Les demandes de réadmission sont classées en premier, dans la limite des places de réadmission fixées par la session. Une demande qui n’y trouve pas de place est classée ensuite avec les nouvelles admissions, comme les autres dossiers.',
          ],
        },
      ],
    },
    {
      title: 'Compte et connexion',
      items: [
        {
          question: 'Comment créer mon compte\u00a0?',
          answer: [
            'Choisissez « S’inscrire », saisissez votre INE et votre date de naissance, complétez votre adresse e-mail, la personne à prévenir en cas de besoin et son contact, cochez les engagements puis validez. Votre mot de passe vous est envoyé par e-mail.',
          ],
        },
        {
          question:
            'Le message « L’INE et la date de naissance saisis ne correspondent à aucun étudiant du registre » s’affiche',
          answer: [
            'Vérifiez l’INE et la date de naissance saisis. Si votre INE est correct mais inconnu, votre université ne l’a pas encore transmis\u00a0: rapprochez-vous de son service de scolarité.',
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
            'Regardez dans le dossier des courriers indésirables de votre messagerie. Si le message n’y est pas, appelez le standard du CENOU\u00a0: un administrateur peut vous envoyer un nouveau mot de passe à l’adresse de votre compte.',
          ],
        },
      ],
    },
    {
      title: 'Justificatifs',
      items: [
        {
          question: 'Quels critères demandent un justificatif\u00a0?',
          answer: [
            'Un justificatif est obligatoire pour les critères suivants\u00a0:',
            {
              items: [
                'personne déplacée interne (PDI), simple ou orpheline\u00a0;',
                'profession des parents\u00a0;',
                'statut d’orphelin\u00a0;',
                'pupille de la Nation\u00a0;',
                'handicap\u00a0;',
                'sportif ou artiste de haut niveau\u00a0;',
                'indigence\u00a0;',
                'nationalité\u00a0;',
                'âge (acte de naissance).',
              ],
            },
            'Aucun justificatif n’est demandé pour le lieu de résidence, le nombre de frères et sœurs, le niveau d’études et la série du baccalauréat.',
            'La mention au baccalauréat se justifie par le relevé de notes, sauf la mention « Passable ». Un étudiant qui n’est pas orphelin n’a rien à joindre pour ce critère.',
            'Un étudiant PDI orphelin joint l’acte de décès du parent et un document délivré par l’action sociale.',
          ],
        },
        {
          question: 'Que se passe-t-il si un justificatif manque\u00a0?',
          answer: [
            'Le dépôt est refusé tant qu’un critère qui demande un justificatif n’en a pas. Un justificatif illisible ou qui ne prouve pas le critère choisi est jugé invalide lors de l’analyse du dossier, et le critère ne compte pas dans votre note.',
          ],
        },
        {
          question: 'Quel format pour les fichiers\u00a0?',
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
          question: 'Puis-je modifier ou supprimer mon dossier\u00a0?',
          answer: [
            'Oui, tant que la session d’inscription de votre direction régionale est ouverte. Une fois la session close, le message « Vous ne pouvez pas supprimer votre dossier, la session d’inscription est close\u00a0! » s’affiche.',
          ],
        },
        {
          question: 'Quels critères comptent, et comment ma note est-elle calculée\u00a0?',
          answer: [
            'Chaque type de critère (nationalité, pupille de la Nation, orphelin, handicap, personne déplacée interne, profession des parents, indigence, mention au baccalauréat, sportif ou artiste de haut niveau) a un coefficient, et chaque critère une note. Lors de l’analyse, la commission juge chaque critère que vous avez choisi\u00a0: valide, invalide ou injustifié.',
            'Seuls les critères jugés valides comptent. Votre note est la somme, pour ces critères, du coefficient de leur type multiplié par leur note, divisée par la somme des coefficients de tous les types de critères. Ce diviseur est le même pour tous les dossiers\u00a0: choisir un critère facultatif qui s’applique à vous ne peut qu’augmenter votre note.',
            'Les critères des types obligatoires (marqués d’un astérisque) doivent être jugés valides\u00a0; sinon le dossier n’est pas classé. Une fois les résultats publiés, votre résultat donne le détail du calcul.',
          ],
        },
        {
          question: 'Comment les dossiers sont-ils classés\u00a0?',
          answer: [
            'Les dossiers analysés sont classés par note décroissante. Entre notes égales, la meilleure moyenne au baccalauréat passe devant, puis le dossier déposé le plus tôt\u00a0; si l’égalité demeure, un tirage au sort départage les ex aequo. Le tirage est enregistré avec la publication\u00a0: refaire le calcul avec lui redonne exactement les mêmes listes.',
            'Les places sont attribuées dans cet ordre\u00a0: les réadmissions (dans la limite des places qui leur sont réservées), les pupilles de la Nation, les étudiants étrangers, puis les nationaux. Les places que les pupilles et les étrangers n’ont pas prises s’ajoutent à celles des nationaux. Les candidats classés sans place forment la liste d’attente.',
            'Un dossier n’est pas classé s’il n’a pas été analysé, si un critère obligatoire n’a pas été jugé valide, ou si la durée maximale d’hébergement est atteinte\u00a0; votre résultat en donne la raison.',
          ],
        },
        {
          question: 'Des places sont-elles réservées aux étudiantes\u00a0?',
          answer: [
            `Oui. Sur chaque liste de nouvelles admissions (pupilles de la Nation, étrangers, nationaux), une part des places est gardée aux étudiantes\u00a0: ${PART_FEMMES_DEFAULT}\u00a0% par défaut, fixée pour chaque session. La liste admet les candidats dans l’ordre du classement, mais, tant qu’une étudiante de la liste attend, elle n’admet pas d’étudiant sur les places gardées.`,
            'Un étudiant ainsi passé garde son rang\u00a0: il prend la première place restante quand aucune étudiante de la liste n’attend plus. Les étudiantes au-delà de cette part ne sont jamais écartées. La liste des réadmissions n’est pas concernée.',
          ],
        },
        {
          question: 'Comment accepter ou refuser la place qui m’est offerte\u00a0?',
          answer: [
            'Si vous êtes admis, votre tableau de bord affiche la place offerte et la date limite de réponse (72 heures après la publication, sauf autre délai fixé par la session)\u00a0: acceptez-la ou refusez-la avant cette date, sur le site ou par SMS. Sans réponse à temps, l’offre expire.',
            'Une place refusée, expirée ou retirée revient au premier candidat de la liste d’attente qui peut la prendre\u00a0; il reçoit alors une offre à son tour, par e-mail et par SMS. Votre rang sur la liste d’attente est indiqué avec votre résultat.',
          ],
        },
        {
          question: 'Puis-je répondre à mon offre par SMS\u00a0?',
          answer: [
            `Oui. Depuis le numéro qui reçoit les SMS du CENOU, envoyez au ${SMS_NUMERO_REPONSE} «\u00a0OUI <référence>\u00a0» pour accepter la place, ou «\u00a0NON <référence>\u00a0» pour y renoncer, avant la date limite de réponse\u00a0; <référence> est votre numéro de dossier. Par exemple\u00a0: «\u00a0OUI OUA-2026-000123\u00a0». Majuscules, minuscules et espaces n’ont pas d’importance.`,
            'Le SMS qui vous annonce la place donne déjà le texte à envoyer, avec votre numéro de dossier. Un SMS vous confirme ensuite la réponse enregistrée, ou vous dit pourquoi elle ne l’est pas (délai passé, réponse déjà donnée). Votre numéro de dossier figure aussi sur votre tableau de bord.',
          ],
        },
        {
          question: 'Combien coûte un lit\u00a0?',
          answer: [
            'Le loyer mensuel dépend de la catégorie de la chambre et de la cité\u00a0; il est indiqué avec votre affectation. L’année se paie en échéances mensuelles (dix par défaut, la première début novembre), que la page «\u00a0Mon loyer\u00a0» affiche avec ce qui est payé et ce qui reste à payer. Les cités ferment du 1er août au 30 septembre.',
          ],
        },
        {
          question: 'Comment payer mon loyer\u00a0?',
          answer: [
            'De deux façons\u00a0:',
            {
              items: [
                'par mobile money, depuis «\u00a0Mon loyer\u00a0» (bouton «\u00a0Payer par mobile money\u00a0»)\u00a0: choisissez l’opérateur, saisissez le numéro à débiter et confirmez sur votre téléphone. Un paiement couvre au moins une échéance, ou tout ce qui reste s’il en reste moins\u00a0;',
                'en espèces, au guichet de votre cité, qui vous remet un reçu numéroté.',
              ],
            },
            'Chaque paiement reçu vous est confirmé par SMS avec ce qui reste à payer, et son reçu se télécharge depuis «\u00a0Mon loyer\u00a0».',
            'Si vous avez payé plus que votre loyer (par exemple après un changement pour une chambre moins chère), «\u00a0Mon loyer\u00a0» affiche un trop-perçu à rembourser\u00a0: le CENOU vous le rend au guichet de votre cité, en espèces ou par mobile money.',
          ],
        },
      ],
    },
    {
      title: 'Chambre et vie en cité',
      items: [
        {
          question: 'Puis-je choisir ma chambre\u00a0?',
          answer: [
            'Oui, lorsque votre direction régionale ouvre le choix des chambres. Après avoir accepté votre place, vous recevez par SMS et par e-mail l’heure de votre créneau, fixée par votre rang (les étudiants en situation de handicap d’abord, puis les réadmissions, puis chaque liste dans l’ordre du classement), et un rappel à son ouverture.',
            `Dès l’ouverture de votre créneau et jusqu’à la fin du choix, la page «\u00a0${messages.menuChoixChambre}\u00a0» montre les chambres libres des cités de votre direction, avec leur loyer mensuel. Une chambre choisie vous est réservée quelques minutes, le temps de confirmer\u00a0; vous pouvez prolonger la réservation (${ROOM_CHOICE.prolongationsMax} fois au plus). Une fois confirmée, votre attestation et vos échéances de loyer sont prêtes. Si vous ne choisissez pas, le CENOU vous attribue un lit après la fin du choix.`,
          ],
        },
        {
          question: 'Puis-je loger avec des amis\u00a0?',
          answer: [
            `Oui, jusqu’à ${ROOM_CHOICE.membresMax} dans une même chambre\u00a0: invitez jusqu’à ${ROOM_CHOICE.membresMax - 1} amis par leur INE depuis «\u00a0${messages.menuChoixChambre}\u00a0». Ils doivent avoir accepté leur place dans la même direction, être du même sexe que vous et n’être dans aucun autre groupe\u00a0; chacun accepte ou refuse l’invitation.`,
            'Le groupe choisit au créneau le plus tardif de ses membres\u00a0: se grouper ne fait passer personne plus tôt. N’importe quel membre peut alors réserver une chambre qui a un lit libre pour chacun, puis confirmer pour tous.',
          ],
        },
        {
          question: 'Que faire en arrivant à la cité\u00a0?',
          answer: [
            `Un agent de la cité vous remet la clé de votre chambre. Vous avez alors ${INVENTORY_HOURS} heures pour remplir, depuis votre téléphone («\u00a0${messages.menuArrivee}\u00a0»), l’état des lieux de la chambre\u00a0: l’état de chaque élément, avec des photos si besoin. L’agent le contresigne.`,
            'Passé ce délai, seul l’état des lieux de l’agent fait foi\u00a0: sans le vôtre, vous ne pourrez pas contester une dégradation constatée à votre départ.',
          ],
        },
        {
          question: 'Le site ne répondait pas avant ma date limite\u00a0: que se passe-t-il\u00a0?',
          answer: [
            'Vous ne perdez pas votre place. Si la plateforme a été indisponible plus d’une heure dans les 24 heures qui précédaient la date limite de réponse à votre offre, cette date est repoussée d’autant, plus 24 heures, sans démarche de votre part\u00a0; un SMS vous annonce la nouvelle date.',
            `La page «\u00a0${messages.etatServiceTitre}\u00a0», en bas de la page d’accueil, montre la disponibilité de la plateforme, du paiement mobile et des SMS sur les ${STATUS_DAYS} derniers jours, et chaque panne avec les délais qu’elle a repoussés.`,
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
