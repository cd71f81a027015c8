import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fill, messages } from '../../../domain/messages';
import {
  idleDirectionsSentence,
  statisticsExportTitle,
  statisticsMessages as t,
} from '../../../domain/messages-statistics';
import { errorBody } from '../../../domain/schemas/common';
import { statisticsAnswer, statisticsQuery, type StatisticsAnswer } from '../../../domain/schemas/statistics';
import { STATISTICS_OPEN_FRESHNESS_MINUTES, splitIdleDirections } from '../../../domain/statistics';
import { anneeLibelle } from '../../../domain/workflow';
import { frenchDate, frenchTime, sendWorkbook, type ExportColumn } from '../../exports/writers';
import { requirePermission } from '../../plugins/auth';
import { statistics, statisticsScope } from './service';

const MONTHS = t.mois.map((label, i) => ({
  key: `m${i}`,
  label: `${label} (%)`,
  type: 'number' as const,
  decimals: 1 as const,
}));

/**
 * When the workbook's figures were computed, in Ouagadougou's time: the call's moment, and the
 * open year's stored figures' own when older (the screen's sentence above its tables).
 */
function computedLines(answer: StatisticsAnswer, now: Date): string[] {
  const at = (d: Date) => ({ date: frenchDate(d, false), heure: frenchTime(d) });
  const lines = [fill(t.exportCalculeLe, at(now))];
  if (answer.enCoursCalculeLe)
    lines.push(
      fill(t.exportEnCoursCalcule, {
        ...at(new Date(answer.enCoursCalculeLe)),
        minutes: String(STATISTICS_OPEN_FRESHNESS_MINUTES),
      }),
    );
  return lines;
}

/**
 * The workbook's three sheets: one per family of figures, the screen's columns, each with the
 * screen's notes on what its figures mean below its table.
 */
function sheets(answer: StatisticsAnswer, heading: string[]) {
  // The names' columns as wide as their longest name (« Cité universitaire de Kossodo » whole).
  const widest = (names: string[]) => Math.max(0, ...names.map((n) => n.length)) + 2;
  const citeWidth = widest(answer.cites.map((c) => c.nomCite));
  const demandes: ExportColumn[] = [
    {
      key: 'libelleDirection',
      label: t.colonneDirection,
      width: widest(answer.directions.flat().map((d) => d.libelleDirection)),
    },
    { key: 'anneeAcademique', label: t.colonneAnnee },
    { key: 'demandes', label: t.colonneDemandes, type: 'integer' },
    { key: 'admis', label: t.colonneAdmis, type: 'integer' },
    { key: 'renonciations', label: t.colonneRenonciations, type: 'integer' },
  ];
  const occupation: ExportColumn[] = [
    { key: 'nomCite', label: t.colonneCite, width: citeWidth },
    { key: 'anneeAcademique', label: t.colonneAnnee },
    { key: 'lits', label: t.colonneLits, type: 'integer' },
    ...MONTHS,
  ];
  const delais: ExportColumn[] = [
    { key: 'nomCite', label: t.colonneCite, width: citeWidth },
    { key: 'anneeAcademique', label: t.colonneAnnee },
    { key: 'delaiMedianReattributionJours', label: t.colonneReattribution, type: 'number', decimals: 1 },
    { key: 'litsLiberesEnAttente', label: t.colonneEnAttente, type: 'integer' },
    { key: 'partArrieres', label: t.colonneArrieres, type: 'number', decimals: 1 },
    { key: 'delaiMedianInterventionHeures', label: t.colonneIntervention, type: 'number', decimals: 1 },
  ];
  async function* of<T>(list: T[], map: (row: T) => Record<string, unknown>) {
    for (const row of list) yield map(row);
  }
  // As the screen: the directions without any figure in the years shown named under the table.
  const { active, idle } = splitIdleDirections(answer.directions);
  const idleSentence = idleDirectionsSentence(idle);
  return [
    {
      sheet: t.demandesFeuille,
      heading: [t.demandesTitre, ...heading],
      columns: demandes,
      rows: of(active.flat(), (r) => r),
      footer: idleSentence ? [idleSentence, t.admisAide] : [t.admisAide],
    },
    {
      sheet: t.occupationFeuille,
      heading: [t.occupationTitre, ...heading],
      columns: occupation,
      rows: of(answer.cites, (r) => ({
        ...r,
        ...Object.fromEntries(r.occupationParMois.map((v, i) => [`m${i}`, v])),
      })),
      footer: [t.occupationAide],
    },
    {
      sheet: t.delaisFeuille,
      heading: [t.delaisTitre, ...heading],
      columns: delais,
      rows: of(answer.cites, (r) => r),
      footer: [t.delaisAide],
    },
  ];
}

/** The agency's statistics over years (docs/statistics.md). */
export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/statistiques',
    {
      onRequest: requirePermission('statistics'),
      schema: {
        tags: ['statistiques'],
        summary:
          'Statistiques par année académique : demandes, admis et renonciations par direction ; occupation, délais et arriérés par cité (format=xlsx)',
        querystring: statisticsQuery.extend({
          format: z.enum(['xlsx'], { error: messages.choixInvalide }).optional(),
        }),
        response: { 200: statisticsAnswer, 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const scope = statisticsScope(request.auth ?? null, request.query);
      const answer = await statistics(app.db, scope);
      if (request.query.format !== 'xlsx') return answer;
      const now = new Date();
      const direction = answer.directions.find((d) => d.idDirection === scope.idDirection);
      const heading = [
        statisticsExportTitle(anneeLibelle(scope.anneeDebut), anneeLibelle(scope.anneeFin)),
        direction
          ? fill(t.exportDirection, { direction: direction.libelleDirection })
          : t.exportToutesDirections,
        ...computedLines(answer, now),
      ];
      return sendWorkbook(reply, { prefix: 'statistiques', sheets: sheets(answer, heading) });
    },
  );
}
