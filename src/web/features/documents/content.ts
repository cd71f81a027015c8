import { messages } from '../../../domain/messages';
import { paths } from '../../lib/paths';

/**
 * The three texts a student accepts when creating an account (docs/accounts.md#registration): the
 * statute and internal rules of the university residences, the guarantee signed by the father or
 * guardian, and the sworn statement. Long page content, kept as data in one place; the rules follow
 * the agency's published ones (CONTEXT.md: one academic year, two years at most or four with a
 * disability, no couples, closing from 1 August to 30 September, rent, care of the premises).
 * A content module of the catalogue's rule (docs/messages.md): loaded with its lazy pages.
 */

/** A paragraph, a bulleted list, lines to fill in by hand, or the signature area. */
export type DocBlock = string | { items: string[] } | { fill: string[] } | { signatures: string[] };

export interface DocArticle {
  /** 'Article 1 — Objet'. */
  title: string;
  blocks: DocBlock[];
}

export interface DocPart {
  /** 'Titre I — Dispositions générales' (absent for a form without parts). */
  title?: string;
  articles: DocArticle[];
}

export interface RegistrationDocument {
  id: DocumentId;
  path: string;
  title: string;
  /** Who issues the text. */
  issuer: string[];
  /** What the text is for and who fills it in. */
  intro: DocBlock[];
  parts: DocPart[];
}

export type DocumentId = 'statutReglement' | 'caution' | 'declarationHonneur';

const ISSUER = [
  'Burkina Faso',
  'Ministère en charge de l’enseignement supérieur',
  'Centre national des œuvres universitaires (CENOU)',
];

const statutReglement: RegistrationDocument = {
  id: 'statutReglement',
  path: paths.documents.statutReglement,
  title: messages.docStatutReglementTitre,
  issuer: ISSUER,
  intro: [
    'Le présent texte s’applique à toute personne logée dans une cité universitaire publique gérée par le CENOU et ses directions régionales. L’étudiant l’accepte en cochant « Engagement au statut et au règlement intérieur » lors de la création de son compte et le signe lors de son installation.',
  ],
  parts: [
    {
      title: 'Titre I — Dispositions générales',
      articles: [
        {
          title: 'Article 1 — Objet',
          blocks: [
            'Le présent règlement fixe les conditions d’admission, de séjour, de paiement du loyer, d’usage des locaux et de discipline dans les cités universitaires.',
          ],
        },
        {
          title: 'Article 2 — Statut des cités',
          blocks: [
            'Les cités universitaires sont des lieux d’hébergement destinés à favoriser la réussite des études. Elles sont placées sous l’autorité du directeur régional des œuvres universitaires, représenté dans chaque cité par un chef de cité.',
            'Le logement en cité universitaire est une prestation sociale accordée pour une durée limitée ; il ne confère aucun droit au maintien dans les lieux.',
          ],
        },
        {
          title: 'Article 3 — Bénéficiaires',
          blocks: [
            'Peuvent être logés les nouveaux bacheliers qui s’inscrivent et les étudiants inscrits dans une université publique ou un établissement privé agréé de Ouagadougou, de Bobo-Dioulasso ou de Koudougou, dont la demande a été retenue à l’issue de la délibération de leur direction régionale.',
          ],
        },
      ],
    },
    {
      title: 'Titre II — Admission et durée du séjour',
      articles: [
        {
          title: 'Article 4 — Demande et classement',
          blocks: [
            'La demande se fait en ligne pendant la session de dépôt ouverte par la direction régionale. Les dossiers sont analysés critère par critère, puis classés ; les places sont attribuées d’abord aux pupilles de la Nation, puis aux étudiants étrangers, puis aux nationaux. Les candidats non retenus forment une liste d’attente.',
          ],
        },
        {
          title: 'Article 5 — Durée du séjour',
          blocks: [
            'Un lit est attribué pour une année universitaire. Un étudiant ne peut être logé plus de deux années universitaires au total ; cette durée est portée à quatre années pour un étudiant en situation de handicap.',
            'La réadmission d’un étudiant après une première année passe avant les nouvelles admissions, à condition qu’il ait respecté le présent règlement et payé ses loyers.',
          ],
        },
        {
          title: 'Article 6 — Installation',
          blocks: [
            'L’étudiant retenu s’installe sur présentation des pièces suivantes :',
            {
              items: [
                'la demande d’admission accompagnée de deux photos d’identité récentes ;',
                'un certificat médical ;',
                'l’engagement personnel de caution signé par le père ou le tuteur, signature légalisée ;',
                'la déclaration sur l’honneur signée ;',
                'une copie de la carte nationale d’identité burkinabè ou de la carte consulaire ;',
                'une copie de la carte d’étudiant des œuvres universitaires.',
              ],
            },
            'Un état des lieux d’entrée et l’inventaire du mobilier sont dressés en sa présence et signés par lui et par le chef de cité.',
          ],
        },
        {
          title: 'Article 7 — Caractère personnel du lit',
          blocks: [
            'Le lit est attribué à titre personnel. Il ne peut être ni cédé, ni prêté, ni sous-loué. L’étudiant occupe la chambre et le lit qui lui ont été affectés ; tout changement sans l’accord écrit du chef de cité est interdit.',
          ],
        },
        {
          title: 'Article 8 — Couples et répartition par sexe',
          blocks: [
            'Les cités universitaires n’accueillent pas de couples et ne comportent pas de bâtiment pour étudiants mariés. Une chambre n’accueille que des étudiants du même sexe ; les bâtiments réservés aux étudiantes ou aux étudiants sont signalés à l’entrée.',
          ],
        },
      ],
    },
    {
      title: 'Titre III — Loyer',
      articles: [
        {
          title: 'Article 9 — Montant',
          blocks: [
            'Le loyer mensuel d’un lit est fixé pour chaque cité et chaque catégorie de chambre ; il est affiché dans la cité et indiqué avec l’affectation. Il comprend l’eau et l’électricité pour un usage normal.',
          ],
        },
        {
          title: 'Article 10 — Paiement',
          blocks: [
            'Le loyer est payé d’avance, au plus tard le cinq de chaque mois, auprès de la régie de la cité ou par le moyen de paiement indiqué par la direction régionale, contre une quittance. Tout mois commencé est dû.',
          ],
        },
        {
          title: 'Article 11 — Défaut de paiement',
          blocks: [
            'Après deux mois de loyer impayés et une mise en demeure restée sans effet pendant quinze jours, le directeur régional peut prononcer l’exclusion de l’étudiant. Les sommes dues sont réclamées à l’étudiant et, à défaut, à sa caution.',
          ],
        },
      ],
    },
    {
      title: 'Titre IV — Usage et respect des locaux',
      articles: [
        {
          title: 'Article 12 — Entretien',
          blocks: [
            'L’étudiant garde sa chambre, le mobilier et les équipements en bon état de propreté et d’entretien. Il participe au nettoyage des parties communes selon le tableau affiché dans le bâtiment.',
            'Toute dégradation, perte ou destruction est réparée ou remplacée à ses frais, et, à défaut, aux frais de sa caution, sans préjudice des sanctions prévues au titre VII.',
          ],
        },
        {
          title: 'Article 13 — Interdictions',
          blocks: [
            'Il est interdit dans les chambres et les bâtiments :',
            {
              items: [
                'de modifier les installations électriques ou de brancher des appareils de forte puissance (chauffe-eau, climatiseur, fer à repasser hors des lieux prévus) ;',
                'de cuisiner avec un réchaud à gaz, un fourneau à charbon ou une plaque chauffante ailleurs que dans les cuisines collectives ;',
                'de percer ou de peindre les murs, de changer les serrures ou de déplacer le mobilier d’une chambre à une autre ;',
                'd’afficher ailleurs que sur les panneaux prévus à cet effet ;',
                'de garder des animaux.',
              ],
            },
          ],
        },
        {
          title: 'Article 14 — Hébergement de tiers',
          blocks: [
            'L’hébergement de toute personne étrangère à la cité est interdit, même pour une nuit. La sous-location, le prêt ou la cession du lit entraînent l’exclusion définitive.',
          ],
        },
        {
          title: 'Article 15 — Visites',
          blocks: [
            'Les visites sont autorisées de 8 heures à 21 heures. Le visiteur présente une pièce d’identité au poste d’accueil et reste sous la responsabilité de l’étudiant qui le reçoit ; aucun visiteur ne passe la nuit dans la cité.',
          ],
        },
        {
          title: 'Article 16 — Contrôles',
          blocks: [
            'L’administration de la cité peut visiter les chambres pour l’entretien, la sécurité ou le contrôle de l’occupation, en présence de l’occupant ou, en cas d’urgence, de deux témoins dont un délégué de bâtiment.',
          ],
        },
      ],
    },
    {
      title: 'Titre V — Vie collective, hygiène et sécurité',
      articles: [
        {
          title: 'Article 17 — Calme',
          blocks: [
            'Chacun respecte le repos et le travail des autres résidents. Le silence est de rigueur de 22 heures à 6 heures ; les appareils sonores sont utilisés à volume modéré à toute heure.',
          ],
        },
        {
          title: 'Article 18 — Comportements interdits',
          blocks: [
            'Sont interdits dans l’enceinte de la cité : l’introduction et la consommation de drogues et de boissons alcoolisées, la détention d’armes ou d’objets dangereux, les jeux d’argent, le commerce sans autorisation, ainsi que toute violence physique ou verbale, tout harcèlement et toute discrimination.',
          ],
        },
        {
          title: 'Article 19 — Réunions',
          blocks: [
            'Les réunions et manifestations collectives dans l’enceinte de la cité sont soumises à l’autorisation préalable du directeur régional, demandée au moins soixante-douze heures à l’avance par les délégués.',
          ],
        },
        {
          title: 'Article 20 — Hygiène et sécurité',
          blocks: [
            'Les ordures sont déposées dans les bacs prévus à cet effet. Les couloirs et les issues de secours restent dégagés ; les extincteurs ne servent qu’en cas d’incendie. Tout incident, panne, perte de clé ou comportement dangereux est signalé sans délai au chef de cité.',
          ],
        },
        {
          title: 'Article 21 — Biens personnels',
          blocks: [
            'Le CENOU ne répond pas des vols ou pertes d’objets personnels. L’étudiant ferme sa chambre et son armoire à clé et ne confie pas sa clé à un tiers.',
          ],
        },
      ],
    },
    {
      title: 'Titre VI — Fermeture annuelle et départ',
      articles: [
        {
          title: 'Article 22 — Fermeture annuelle',
          blocks: [
            'Les cités universitaires ferment du 1er août au 30 septembre et rouvrent vers le 1er octobre. Une cité de vacances reste ouverte pendant cette période pour les étudiants autorisés par la direction régionale (stage, examens, éloignement de la famille).',
          ],
        },
        {
          title: 'Article 23 — Libération de la chambre',
          blocks: [
            'Avant la fermeture annuelle ou à la fin de son séjour, l’étudiant libère et nettoie sa chambre, rend ses clés et signe l’état des lieux de sortie. Les effets laissés dans la chambre sont inventoriés et gardés un mois, puis remis à une œuvre sociale.',
          ],
        },
      ],
    },
    {
      title: 'Titre VII — Sanctions',
      articles: [
        {
          title: 'Article 24 — Échelle des sanctions',
          blocks: [
            'Tout manquement au présent règlement expose son auteur, selon sa gravité, à l’une des sanctions suivantes :',
            {
              items: [
                'l’avertissement écrit ;',
                'le blâme, inscrit au dossier de l’étudiant ;',
                'l’exclusion temporaire de la cité, de trois mois au plus ;',
                'l’exclusion définitive, qui fait perdre tout droit à un hébergement ultérieur en cité universitaire.',
              ],
            },
          ],
        },
        {
          title: 'Article 25 — Procédure',
          blocks: [
            'L’avertissement et le blâme sont prononcés par le chef de cité. L’exclusion temporaire ou définitive est prononcée par le directeur régional après avis d’un conseil de discipline devant lequel l’étudiant est entendu et peut se faire assister d’un délégué de son choix.',
            'En cas de faute grave (violence, vol, détention d’arme, sous-location), le directeur régional peut suspendre immédiatement le droit au logement dans l’attente du conseil de discipline.',
          ],
        },
        {
          title: 'Article 26 — Réparations et poursuites',
          blocks: [
            'Les sanctions ne dispensent pas de la réparation des dommages causés et ne font pas obstacle aux poursuites judiciaires.',
          ],
        },
      ],
    },
    {
      title: 'Titre VIII — Dispositions finales',
      articles: [
        {
          title: 'Article 27 — Délégués',
          blocks: [
            'Les résidents de chaque bâtiment élisent chaque année un délégué et un suppléant qui les représentent auprès de l’administration de la cité et siègent au conseil de discipline.',
          ],
        },
        {
          title: 'Article 28 — Acceptation',
          blocks: [
            'Tout résident est réputé connaître le présent règlement. Il l’accepte lors de la création de son compte sur la plateforme d’hébergement et le signe lors de son installation.',
            {
              signatures: [
                'Fait à …………………………, le ……………………',
                'Signature de l’étudiant(e), précédée de la mention « Lu et approuvé »',
              ],
            },
          ],
        },
      ],
    },
  ],
};

const caution: RegistrationDocument = {
  id: 'caution',
  path: paths.documents.caution,
  title: messages.docCautionTitre,
  issuer: ISSUER,
  intro: [
    'À remplir par le père, la mère ou le tuteur légal de l’étudiant(e), à signer et à faire légaliser à la mairie ou au commissariat, puis à remettre au service d’hébergement de la cité lors de l’installation.',
  ],
  parts: [
    {
      articles: [
        {
          title: 'La caution',
          blocks: [
            {
              fill: [
                'Je soussigné(e), nom et prénom(s)',
                'Né(e) le …………………… à',
                'Profession',
                'Domicile (ville, secteur, rue)',
                'Téléphone',
                'Numéro de la carte nationale d’identité ou de la carte consulaire',
                'Agissant en qualité de (père, mère, tuteur légal)',
              ],
            },
          ],
        },
        {
          title: 'L’étudiant(e) cautionné(e)',
          blocks: [
            {
              fill: [
                'Nom et prénom(s)',
                'INE',
                'Université, filière et niveau d’études',
                'Cité, chambre et lit attribués',
              ],
            },
          ],
        },
        {
          title: 'Engagement',
          blocks: [
            'déclare me porter caution personnelle et solidaire de l’étudiant(e) désigné(e) ci-dessus envers le Centre national des œuvres universitaires (CENOU), pour toute la durée de son séjour en cité universitaire. À ce titre, je m’engage à :',
            {
              items: [
                'payer les loyers que l’étudiant(e) n’aurait pas réglés après mise en demeure ;',
                'rembourser le coût de la réparation ou du remplacement des locaux, du mobilier et des équipements qu’il ou elle aurait dégradés, perdus ou détruits ;',
                'veiller à ce qu’il ou elle respecte le statut et le règlement intérieur des cités universitaires ;',
                'répondre aux convocations de l’administration de la cité en cas de manquement grave ;',
                'reprendre l’étudiant(e) en charge en cas d’exclusion temporaire ou définitive.',
              ],
            },
            'Le présent engagement vaut pour chaque année de séjour de l’étudiant(e) en cité universitaire, réadmissions comprises, jusqu’à la remise des clés et la signature sans réserve de l’état des lieux de sortie.',
            'Je reconnais avoir pris connaissance du statut et du règlement intérieur des cités universitaires.',
            {
              signatures: [
                'Fait à …………………………, le ……………………',
                'Signature de la caution, précédée de la mention manuscrite « Bon pour caution personnelle et solidaire »',
                'Légalisation de la signature',
                'Signature de l’étudiant(e)',
              ],
            },
          ],
        },
      ],
    },
  ],
};

const declarationHonneur: RegistrationDocument = {
  id: 'declarationHonneur',
  path: paths.documents.declarationHonneur,
  title: messages.docDeclarationHonneurTitre,
  issuer: ISSUER,
  intro: [
    'À compléter et à signer par l’étudiant(e). Elle accompagne la demande d’admission en cité universitaire et se remet au service d’hébergement lors de l’installation.',
  ],
  parts: [
    {
      articles: [
        {
          title: 'L’étudiant(e)',
          blocks: [
            {
              fill: [
                'Je soussigné(e), nom et prénom(s)',
                'Né(e) le …………………… à',
                'INE',
                'Université, filière et niveau d’études',
                'Téléphone',
              ],
            },
          ],
        },
        {
          title: 'Déclaration',
          blocks: [
            'déclare sur l’honneur :',
            {
              items: [
                'que les renseignements donnés lors de mon inscription et de mon dépôt de dossier en ligne sont exacts et que les justificatifs joints sont authentiques ;',
                'être régulièrement inscrit(e), ou en cours d’inscription, dans l’université indiquée pour l’année universitaire en cours ;',
                'ne pas être marié(e) ni vivre en couple ;',
                'ne pas occuper un autre logement attribué par le CENOU ;',
                'ne pas avoir été logé(e) en cité universitaire plus de deux années universitaires (quatre années pour un étudiant en situation de handicap) ;',
                'ne pas avoir fait l’objet d’une exclusion définitive d’une cité universitaire ;',
                'que j’occuperai personnellement le lit qui me sera attribué, sans le céder, le prêter ni le sous-louer.',
              ],
            },
            'Je reconnais que toute fausse déclaration ou tout justificatif falsifié entraîne le rejet de ma demande ou, s’il est découvert après mon admission, mon exclusion définitive de la cité et le paiement des sommes dues, sans préjudice des poursuites prévues par la loi.',
            {
              signatures: ['Fait à …………………………, le ……………………', 'Signature de l’étudiant(e)'],
            },
          ],
        },
      ],
    },
  ],
};

export const DOCUMENTS: Record<DocumentId, RegistrationDocument> = {
  statutReglement,
  caution,
  declarationHonneur,
};

export const DOCUMENT_ORDER: DocumentId[] = ['statutReglement', 'caution', 'declarationHonneur'];

/** One line of the documents index: what each text is. */
export const DOCUMENT_SUMMARIES: Record<DocumentId, string> = {
  statutReglement:
    'Conditions d’admission et de séjour, loyer, usage des locaux, vie collective, fermeture annuelle et sanctions.',
  caution:
    'Engagement signé par le père, la mère ou le tuteur, qui garantit les loyers et les dégâts éventuels.',
  declarationHonneur:
    'Attestation par laquelle l’étudiant(e) certifie l’exactitude de sa demande et sa situation.',
};

export const DOCUMENTS_INTRO =
  'Lisez ces trois textes avant de créer votre compte : vous vous engagez à les respecter en cochant les cases correspondantes. Imprimez l’engagement de caution et la déclaration sur l’honneur : ils se remettent signés lors de l’installation en cité.';
