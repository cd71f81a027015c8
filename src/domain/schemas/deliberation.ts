import { z } from 'zod';
import { LISTES_ADMISSION } from '../enums';
import { messages } from '../messages';
import { identitySchema } from '../registry';
import { id, idParam } from './common';
import { scoreLine } from './score';

/**
 * The deliberation calls (docs/api.md): the preview, the publication, the runs and their
 * verification, a dossier's result.
 */

/** The longest seed a draw takes. */
export const SEED_MAX_LENGTH = 200;

/** The lists of a PDF of the preview: the four admission lists and the waiting list. */
export const PDF_LISTS = [...LISTES_ADMISSION, 'ATTENTE'] as const;
export type PdfList = (typeof PDF_LISTS)[number];

/** The session and the direction a deliberation call works on. */
const target = { idSessionCenou: idParam, idDirection: idParam };

/** `GET campus/deliberation-nationaux`: the preview (JSON, or one list's PDF). */
export const previewQuery = z.object({
  ...target,
  seed: z
    .string()
    .max(SEED_MAX_LENGTH)
    .optional()
    .meta({ description: 'Le tirage à rejouer ; sans : un nouveau tirage au hasard.' }),
  format: z.enum(['pdf'], { error: messages.choixInvalide }).optional(),
  liste: z
    .enum(PDF_LISTS, { error: messages.choixInvalide })
    .optional()
    .meta({ description: 'La liste du PDF (obligatoire avec format=pdf).' }),
});
export type PreviewQuery = z.output<typeof previewQuery>;

const places = z.object({
  READMISSIONS: z.number(),
  PUPILLES: z.number(),
  ETRANGERS: z.number(),
  NATIONAUX: z.number(),
});

/** Women (`F`) and men (`M`) admitted on each list. */
const effectifs = z.object(
  Object.fromEntries(LISTES_ADMISSION.map((l) => [l, z.object({ F: z.number(), M: z.number() })])) as Record<
    (typeof LISTES_ADMISSION)[number],
    z.ZodObject<{ F: z.ZodNumber; M: z.ZodNumber }>
  >,
);

/** One student of a preview or published list. */
const listItem = z.object({
  idDossier: z.number(),
  ...identitySchema.pick({
    ine: true,
    nomEtudiant: true,
    prenomEtudiant: true,
    sexeEtudiant: true,
    dateNaissance: true,
    lieuNaissance: true,
    anneeBac: true,
  }).shape,
  moyenne: z.number(),
  rang: z.number(),
  nomVille: z.string(),
});
export type ListItem = z.infer<typeof listItem>;

/** The lists of a draw: the preview's answer. */
export const deliberationLists = z.object({
  seed: z.string(),
  /** Places of each list (the sum of its quotas)… */
  places,
  /** …and those used after the unused places rolled over to NATIONAUX. */
  placesEffectives: places,
  /** The agency's settings the lists were ranked with (docs/agency-rules.md). */
  placesReadmission: z.number(),
  partFemmes: z.number(),
  listeAdmisReadmissions: z.array(listItem),
  listeAdmisPupilles: z.array(listItem),
  listeAdmisEtrangers: z.array(listItem),
  listeAdmisNationaux: z.array(listItem),
  listeAttente: z.array(listItem),
  /** Dossiers of the session that are not candidates (not analysed, a mandatory criterion not valid). */
  nonCandidats: z.number(),
  /** The same per reason (the preview's figures add up to the session's dossiers). */
  nonCandidatsParRaison: z.object({
    NON_ANALYSE: z.number(),
    CRITERE_OBLIGATOIRE_NON_VALIDE: z.number(),
    DUREE_MAXIMALE: z.number(),
  }),
});
export type DeliberationLists = z.infer<typeof deliberationLists>;

/** `POST campus/deliberation`: publishes the lists of the preview of this seed. */
export const publishBody = z.object({
  idSessionCenou: id,
  idDirection: id,
  seed: z
    .string({ error: messages.champObligatoire })
    .min(1, { error: messages.champObligatoire })
    .max(SEED_MAX_LENGTH, { error: messages.valeurTropLongue }),
});
export type PublishBody = z.input<typeof publishBody>;
export const publishAnswer = deliberationLists.extend({ idDeliberation: z.number() });
export type PublishAnswer = z.infer<typeof publishAnswer>;

/** `GET campus/deliberation`: the runs of a session's direction, the latest first. */
export const runsQuery = z.object(target);

const deliberationRun = z.object({
  idDeliberation: z.number(),
  idSessionCenou: z.number(),
  idDirection: z.number(),
  seed: z.string(),
  quotas: z.array(
    z.object({
      idCritere: z.number(),
      libelleCritere: z.string(),
      listeDeliberation: z.string(),
      valeurQuota: z.number(),
    }),
  ),
  places,
  placesEffectives: places,
  /** The settings it ranked with (0 and 0 for a run published before the agency's rules). */
  placesReadmission: z.number(),
  partFemmes: z.number(),
  nbReadmissions: z.number(),
  /** Women and men admitted per list; null for a run published before the agency's rules. */
  effectifs: effectifs.nullable(),
  nbPupilles: z.number(),
  nbEtrangers: z.number(),
  nbNationaux: z.number(),
  nbAttente: z.number(),
  nbNonAdmis: z.number(),
  auteur: z.string().nullable(),
  /** The author as people read it (`Prénom Nom`). */
  nomAuteur: z.string().nullable(),
  datePublication: z.string(),
  /** The run whose results hold now (a republication replaces the previous one). */
  courante: z.boolean(),
  dateRemplacement: z.string().nullable(),
});
export type DeliberationRun = z.infer<typeof deliberationRun>;
export const runsAnswer = z.array(deliberationRun);

/** `GET campus/deliberation/{idDeliberation}/pdf?liste=`: one list of a published run, as a PDF. */
export const runPdfParams = z.object({ idDeliberation: idParam });
export const runPdfQuery = z.object({
  liste: z
    .enum(PDF_LISTS, { error: messages.choixInvalide })
    .meta({ description: 'La liste du PDF : READMISSIONS, PUPILLES, ETRANGERS, NATIONAUX ou ATTENTE.' }),
});
export type RunPdfQuery = z.output<typeof runPdfQuery>;

/** `GET campus/deliberation/{idDeliberation}/verification`: a run ranked again from its stored inputs. */
export const verificationParams = z.object({ idDeliberation: idParam });

/** A stored outcome of one dossier: status, list and rank. */
const outcome = z.object({
  statut: z.string(),
  liste: z.string().nullable(),
  rang: z.number().nullable(),
});
export const verificationAnswer = z.object({
  identique: z.boolean(),
  nbDifferences: z.number(),
  /** The first 100 differences. */
  differences: z.array(
    z.object({ idDossier: z.number(), ine: z.string(), enregistre: outcome, recalcule: outcome }),
  ),
});
export type Verification = z.infer<typeof verificationAnswer>;

/** `GET campus/dossier/{idDossier}/resultat`: a dossier's result and how its average was reached. */
export const resultParams = z.object({ idDossier: idParam });

export const dossierResult = z.object({
  /** Whether a publication ranked this dossier (before it: no list, rank nor detail). */
  publie: z.boolean(),
  /** The dossier's reference: what an answer by SMS names (`OUI <référence>`). */
  referenceDossier: z.string(),
  statutDossier: z.string(),
  liste: z.string().nullable(),
  rang: z.number().nullable(),
  moyenne: z.number().nullable(),
  reponse: z.string().nullable(),
  dateLimiteReponse: z.string().nullable(),
  /** The dossier holds a bed (an assignment not cancelled): its offer's 'a bed will be given' is past. */
  litAttribue: z.boolean(),
  /** The day a departure ended the dossier's bed (null: none): the stay is over, no bed is to come. */
  dateDepart: z.string().nullable(),
  detail: z
    .object({ moyenne: z.number(), lignes: z.array(scoreLine), total: z.number(), diviseur: z.number() })
    .nullable(),
  /** The share of each list kept for women (%) and the re-admission places the run ranked with. */
  partFemmes: z.number().nullable(),
  placesReadmission: z.number().nullable(),
  /**
   * Why the published run did not rank the dossier (docs/agency-rules.md): NON_ANALYSE,
   * CRITERE_OBLIGATOIRE_NON_VALIDE or DUREE_MAXIMALE, with the years of stay counted at the
   * publication and the limit that applied to it (2, or 4 with a handicap judged VALIDE); null
   * when it was a candidate, or before a publication.
   */
  nonCandidat: z
    .object({
      raison: z.enum(['NON_ANALYSE', 'CRITERE_OBLIGATOIRE_NON_VALIDE', 'DUREE_MAXIMALE']),
      anneesHebergement: z.number(),
      dureeMaximale: z.number(),
    })
    .nullable(),
});
export type DossierResult = z.infer<typeof dossierResult>;
