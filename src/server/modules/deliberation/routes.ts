import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTES_DELIBERATION } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { identitySchema } from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import { scoreText } from '../../../domain/score';
import { fieldError } from '../../errors';
import { sendPdf, type PdfColumn } from '../../exports/pdf';
import { requirePermission } from '../../plugins/auth';
import { tableauDeBordUrl } from '../../config/urls';
import {
  checkSeed,
  dossierResult,
  listsJson,
  listRuns,
  pdfTitle,
  previewDeliberation,
  publishDeliberation,
  refreshDossierStatistics,
  SEED_MAX_LENGTH,
  verifyRun,
  type DeliberationLists,
  type ListItem,
  type ListKey,
} from './service';

const id = z.coerce.number({ error: messages.valeurInvalide }).int().positive().max(2_147_483_647);
const target = { idSessionCenou: id, idDirection: id };

const placesSchema = z.object({ PUPILLES: z.number(), ETRANGERS: z.number(), NATIONAUX: z.number() });
const itemSchema = z.object({
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
const listsSchema = z.object({
  seed: z.string(),
  places: placesSchema,
  placesEffectives: placesSchema,
  listeAdmisPupilles: z.array(itemSchema),
  listeAdmisEtrangers: z.array(itemSchema),
  listeAdmisNationaux: z.array(itemSchema),
  listeAttente: z.array(itemSchema),
  nonCandidats: z.number(),
});
const outcomeSchema = z.object({
  statut: z.string(),
  liste: z.string().nullable(),
  rang: z.number().nullable(),
});
const runSchema = z.object({
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
  places: placesSchema,
  placesEffectives: placesSchema,
  nbPupilles: z.number(),
  nbEtrangers: z.number(),
  nbNationaux: z.number(),
  nbAttente: z.number(),
  nbNonAdmis: z.number(),
  auteur: z.string().nullable(),
  nomAuteur: z.string().nullable(),
  datePublication: z.string(),
  courante: z.boolean(),
  dateRemplacement: z.string().nullable(),
});
const lineSchema = z.object({
  idTypeCritere: z.number(),
  libelleTypeCritere: z.string(),
  idCritere: z.number(),
  libelleCritere: z.string(),
  coefficient: z.number(),
  note: z.number(),
  valeurAnalyse: z.string().nullable(),
  compte: z.boolean(),
  produit: z.number(),
});
const resultSchema = z.object({
  publie: z.boolean(),
  statutDossier: z.string(),
  liste: z.string().nullable(),
  rang: z.number().nullable(),
  moyenne: z.number().nullable(),
  reponse: z.string().nullable(),
  dateLimiteReponse: z.string().nullable(),
  detail: z
    .object({ moyenne: z.number(), lignes: z.array(lineSchema), total: z.number(), diviseur: z.number() })
    .nullable(),
});

const PDF_LISTS = [...LISTES_DELIBERATION, 'ATTENTE'] as const;
type PdfList = (typeof PDF_LISTS)[number];
const LIST_OF: Record<PdfList, ListKey> = {
  PUPILLES: 'listeAdmisPupilles',
  ETRANGERS: 'listeAdmisEtrangers',
  NATIONAUX: 'listeAdmisNationaux',
  ATTENTE: 'listeAttente',
};

const dateFr = (v: unknown) => (typeof v === 'string' ? v.split('-').reverse().join('/') : '');
const PDF_COLUMNS: PdfColumn[] = [
  { key: 'ine', label: fieldLabel('ine'), width: 14 },
  { key: 'nomEtudiant', label: fieldLabel('nomEtudiant'), width: 20 },
  { key: 'prenomEtudiant', label: fieldLabel('prenomEtudiant'), width: 26 },
  { key: 'sexeEtudiant', label: fieldLabel('sexeEtudiant'), width: 6, align: 'center' },
  { key: 'dateNaissance', label: fieldLabel('dateNaissance'), width: 13, format: dateFr },
  {
    key: 'moyenne',
    label: fieldLabel('moyenne'),
    width: 9,
    align: 'right',
    format: (v) => (typeof v === 'number' ? scoreText(v) : ''),
  },
  { key: 'rang', label: fieldLabel('rang'), width: 7, align: 'right' },
];

/**
 * The lists go out as they are written (service.ts `listsJson`, chunks of a few hundred items):
 * 100,000 items through the response schema's parse would double the time and the memory of the
 * call, and the whole 23 MB text would sit in memory. Items are built field by field (service.ts
 * `item`), so nothing but the schema's fields can leave; the schema stays declared for the
 * documentation.
 */
function sendLists(reply: FastifyReply, lists: DeliberationLists, extra?: Record<string, unknown>) {
  return reply.type('application/json; charset=utf-8').send(Readable.from(listsJson(lists, extra)));
}

/** The deliberation (CONTRACT §6): preview, publication, the runs and their verification, a student's result. */
export async function deliberationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deliberation'];
  const security = [{ bearer: [] }];

  r.get(
    '/deliberation-nationaux',
    {
      onRequest: requirePermission('deliberation'),
      schema: {
        tags,
        security,
        summary:
          'Aperçu des listes (n’écrit rien) ; seed facultatif (tiré au hasard sinon) ; format=pdf&liste=PUPILLES|ETRANGERS|NATIONAUX|ATTENTE',
        querystring: z.object({
          ...target,
          seed: z.string().max(SEED_MAX_LENGTH).optional(),
          format: z.enum(['pdf'], { error: messages.choixInvalide }).optional(),
          liste: z.enum(PDF_LISTS, { error: messages.choixInvalide }).optional(),
        }),
        response: { 200: listsSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.format === 'pdf' && !q.liste) throw fieldError('liste', 'champObligatoire');
      const preview = await previewDeliberation(app.db, request.auth ?? null, {
        idSessionCenou: q.idSessionCenou,
        idDirection: q.idDirection,
        seed: checkSeed(q.seed),
      });
      if (q.format === 'pdf') {
        const liste = q.liste!;
        const rows: ListItem[] = Array.from(preview.lists[LIST_OF[liste]], (row, i) =>
          preview.item(row, i + 1),
        );
        reply.header('X-Seed', preview.seed);
        return sendPdf(reply, {
          title: pdfTitle(preview.session, liste),
          prefix: `admissibles_${liste.toLowerCase()}`,
          columns: PDF_COLUMNS,
          total: rows.length,
          rows: rows as unknown as Record<string, unknown>[],
        });
      }
      return sendLists(reply, preview);
    },
  );

  r.post(
    '/deliberation',
    {
      onRequest: requirePermission('deliberation'),
      schema: {
        tags,
        security,
        summary: 'Publier les listes de l’aperçu de ce tirage (remplace la publication précédente)',
        body: z.object({
          ...target,
          seed: z
            .string({ error: messages.champObligatoire })
            .min(1, { error: messages.champObligatoire })
            .max(SEED_MAX_LENGTH, { error: messages.valeurTropLongue }),
        }),
        response: { 200: listsSchema.extend({ idDeliberation: z.number() }) },
      },
    },
    async (request, reply) => {
      const { idDeliberation, dossiers, ...lists } = await publishDeliberation(app.db, request.auth ?? null, {
        ...request.body,
        seed: checkSeed(request.body.seed)!,
        dashboardUrl: tableauDeBordUrl(app.config),
      });
      reply.raw.once('close', () => refreshDossierStatistics(app.db, dossiers));
      return sendLists(reply, lists, { idDeliberation });
    },
  );

  r.get(
    '/deliberation',
    {
      onRequest: requirePermission('deliberation'),
      schema: {
        tags,
        security,
        summary: 'Les publications de la session, la plus récente en premier',
        querystring: z.object(target),
        response: { 200: z.array(runSchema) },
      },
    },
    async (request) => listRuns(app.db, request.auth ?? null, request.query),
  );

  r.get(
    '/deliberation/:idDeliberation/verification',
    {
      onRequest: requirePermission('audit'),
      schema: {
        tags,
        security,
        summary: 'Reclasser une publication à partir de ses données enregistrées et comparer',
        params: z.object({ idDeliberation: id }),
        response: {
          200: z.object({
            identique: z.boolean(),
            nbDifferences: z.number(),
            differences: z.array(
              z.object({
                idDossier: z.number(),
                ine: z.string(),
                enregistre: outcomeSchema,
                recalcule: outcomeSchema,
              }),
            ),
          }),
        },
      },
    },
    async (request) => verifyRun(app.db, request.auth ?? null, request.params.idDeliberation),
  );

  r.get(
    '/dossier/:idDossier/resultat',
    {
      onRequest: requirePermission('dossier.read'),
      schema: {
        tags,
        security,
        summary: 'Le résultat d’un dossier et le détail de sa moyenne (publie: false avant la publication)',
        params: z.object({ idDossier: id }),
        response: { 200: resultSchema },
      },
    },
    async (request) => dossierResult(app.db, request.auth ?? null, request.params.idDossier),
  );
}
