import { frenchDay } from '../../../domain/format';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldLabel } from '../../../domain/resources/labels';
import {
  deliberationLists,
  dossierResult as dossierResultAnswer,
  previewQuery,
  publishAnswer,
  publishBody,
  resultParams,
  runPdfParams,
  runPdfQuery,
  runsAnswer,
  runsQuery,
  verificationAnswer,
  verificationParams,
  type PdfList,
} from '../../../domain/schemas/deliberation';
import { scoreText } from '../../../domain/score';
import { fill, messages } from '../../../domain/messages';
import { fieldError } from '../../errors';
import { FILE_TYPES } from '../../exports/file-types';
import { frenchDate, frenchTime } from '../../exports/writers';
import { sendPdf, type PdfColumn } from '../../exports/pdf';
import { requirePermission } from '../../plugins/auth';
import { tableauDeBordUrl } from '../../config/urls';
import {
  checkSeed,
  dossierResult,
  listsJson,
  listRuns,
  runList,
  pdfTitle,
  previewDeliberation,
  publishDeliberation,
  refreshDossierStatistics,
  verifyRun,
  type DeliberationLists,
  type ListItem,
  type ListKey,
} from './service';

const LIST_OF: Record<PdfList, ListKey> = {
  READMISSIONS: 'listeAdmisReadmissions',
  PUPILLES: 'listeAdmisPupilles',
  ETRANGERS: 'listeAdmisEtrangers',
  NATIONAUX: 'listeAdmisNationaux',
  ATTENTE: 'listeAttente',
};

const dateFr = (v: unknown) => (typeof v === 'string' ? frenchDay(v) : '');
const PDF_COLUMNS: PdfColumn[] = [
  { key: 'ine', label: fieldLabel('ine') },
  { key: 'nomEtudiant', label: fieldLabel('nomEtudiant') },
  { key: 'prenomEtudiant', label: fieldLabel('prenomEtudiant') },
  { key: 'sexeEtudiant', label: fieldLabel('sexeEtudiant'), align: 'center' },
  { key: 'dateNaissance', label: fieldLabel('dateNaissance'), format: dateFr },
  {
    key: 'moyenne',
    label: fieldLabel('moyenne'),
    align: 'right',
    format: (v) => (typeof v === 'number' ? scoreText(v) : ''),
  },
  { key: 'rang', label: fieldLabel('rang'), align: 'right' },
];

/** 'Étudiantes : 3 — étudiants : 2' of a list's rows (docs/agency-rules.md). */
function countsLine(rows: readonly { sexeEtudiant: string }[]): string {
  let femmes = 0;
  for (const r of rows) if (r.sexeEtudiant === 'F') femmes++;
  return fill(messages.effectifsListe, { femmes: String(femmes), hommes: String(rows.length - femmes) });
}

/** When a run was published, as read in Ouagadougou: '23/11/2026' and '18:04'. */
const publishedAt = (iso: string) => {
  const at = new Date(iso);
  return { date: frenchDate(at, false), heure: frenchTime(at) };
};

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

/** The deliberation (docs/deliberation.md): preview, publication, the runs and their verification, a student's result. */
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
        querystring: previewQuery,
        response: { 200: deliberationLists },
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
          rows,
          // Nothing is published yet: every page says so (docs/deliberation.md#preview-and-publication), with the
          // list's women and men (docs/agency-rules.md).
          mark: `${messages.pdfProvisoire} — ${countsLine(rows)}`,
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
        body: publishBody,
        response: { 200: publishAnswer },
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
        querystring: runsQuery,
        response: { 200: runsAnswer },
      },
    },
    async (request) => listRuns(app.db, request.auth ?? null, request.query),
  );

  r.get(
    '/deliberation/:idDeliberation/pdf',
    {
      onRequest: requirePermission('deliberation'),
      config: { produces: [FILE_TYPES.pdf] },
      schema: {
        tags,
        security,
        summary: 'Une liste d’une publication, en PDF, telle qu’elle a été publiée',
        params: runPdfParams,
        querystring: runPdfQuery,
      },
    },
    async (request, reply) => {
      const { liste } = request.query;
      const { run, session, rows } = await runList(
        app.db,
        request.auth ?? null,
        request.params.idDeliberation,
        liste,
      );
      return sendPdf(reply, {
        title: pdfTitle(session, liste),
        prefix: `admissibles_${liste.toLowerCase()}`,
        subtitle: `${fill(messages.pdfSousTitrePublication, {
          ...publishedAt(run.datePublication),
          seed: run.seed,
        })} — ${countsLine(rows)}`,
        columns: PDF_COLUMNS,
        total: rows.length,
        rows,
      });
    },
  );

  r.get(
    '/deliberation/:idDeliberation/verification',
    {
      onRequest: requirePermission('audit'),
      schema: {
        tags,
        security,
        summary: 'Reclasser une publication à partir de ses données enregistrées et comparer',
        params: verificationParams,
        response: { 200: verificationAnswer },
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
        params: resultParams,
        response: { 200: dossierResultAnswer },
      },
    },
    async (request) => dossierResult(app.db, request.auth ?? null, request.params.idDossier),
  );
}
