import '../../lib/prime';
import '../staff/staff.css';
import './statistics.css';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState, type ReactNode } from 'react';
import { fill, messages } from '../../../domain/messages';
import { idleDirectionsSentence, statisticsMessages as t } from '../../../domain/messages-statistics';
import type { StatisticsAnswer } from '../../../domain/schemas/statistics';
import { frenchNumber, quotesHeld } from '../../../domain/format';
import {
  STATISTICS_OPEN_FRESHNESS_MINUTES,
  groupRows,
  splitIdleDirections,
  statisticsYearChoices,
  weightedMonthOccupancy,
} from '../../../domain/statistics';
import { anneeLibelle } from '../../../domain/workflow';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { TableScroll } from '../../components/TableScroll';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { errorMessage } from '../../lib/api';
import { answerOf, apiClient, saveFile } from '../../lib/client';
import { frenchInteger } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { DirectionField } from '../staff/DirectionField';
import { useSessions, useStaffScope } from '../staff/api';
import { StatChart, type Series } from './StatChart';

/** The academic year under way: it starts in October. */
function currentAcademicYear(now = new Date()): number {
  return now.getUTCMonth() >= 9 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/** A figure or a dash for one not measured. */
const figure = (v: number | null | undefined) =>
  v === null || v === undefined ? t.nonMesure : frenchNumber(v, 1);

interface Asked {
  anneeDebut: number;
  anneeFin: number;
  idDirection: number | null;
}

const query = (a: Asked) => ({
  anneeDebut: a.anneeDebut,
  anneeFin: a.anneeFin,
  ...(a.idDirection === null ? {} : { idDirection: a.idDirection }),
});

/**
 * /statistiques (docs/statistics.md): over the academic years chosen, each direction's requests,
 * admissions and renunciations (grouped bars per year), each cité's occupancy by month (lines, the
 * last year chosen), the arrears share and the medians (bars and a table); every chart has its
 * table. A regional manager sees its own direction; the central roles choose one or all.
 */
export default function StatistiquesPage() {
  useDocumentTitle(t.titre);
  const toast = useToast();
  const scope = useStaffScope('statistics');
  const current = currentAcademicYear();
  const sessions = useSessions();
  // The years that have sessions (the first with figures) to the year under way.
  const choices = useMemo(
    () =>
      statisticsYearChoices(
        (sessions.data ?? []).flatMap((x) => x.anneeDebut ?? []),
        current,
      ),
    [sessions.data, current],
  );
  const first = choices[choices.length - 1];
  const [chosenDebut, setAnneeDebut] = useState<number | null>(null);
  const [anneeFin, setAnneeFin] = useState(current);
  // The last four years by default, none before the first one with a session.
  const anneeDebut = chosenDebut ?? Math.max(current - 3, first);
  const [idDirection, setIdDirection] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const asked: Asked = {
    anneeDebut,
    anneeFin: Math.max(anneeDebut, anneeFin),
    idDirection: scope.fixed ? scope.idDirection : idDirection,
  };
  const stats = useQuery({
    queryKey: ['statistiques', asked],
    // Asked once the sessions tell the first year (or failed to: the default years then).
    enabled: !sessions.isPending,
    queryFn: ({ signal }) =>
      answerOf(apiClient.GET('/campus/statistiques', { params: { query: query(asked) }, signal })),
  });
  const years = useMemo(() => choices.map((y) => ({ label: anneeLibelle(y), value: y })), [choices]);

  async function exportXlsx() {
    setBusy(true);
    try {
      await saveFile(
        apiClient.GET('/campus/statistiques', {
          params: { query: { ...query(asked), format: 'xlsx' } },
          parseAs: 'blob',
        }),
        'statistiques.xlsx',
      );
      toast.success(messages.exportReussi);
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="resource-screen statistiques">
      <h1>{t.titre}</h1>
      <p className="staff-intro">{t.intro}</p>
      <div className="staff-filters">
        <FormField id="stat-debut" label={t.anneeDebut}>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId="stat-debut"
            ariaLabel={t.anneeDebut}
            value={anneeDebut}
            options={years}
            onChange={(e) => {
              const y = Number(e.value);
              setAnneeDebut(y);
              if (anneeFin < y) setAnneeFin(y);
            }}
          />
        </FormField>
        <FormField id="stat-fin" label={t.anneeFin}>
          <Dropdown
            pt={HIDDEN_SELECT_PT}
            inputId="stat-fin"
            ariaLabel={t.anneeFin}
            value={asked.anneeFin}
            options={years.filter((y) => y.value >= anneeDebut)}
            onChange={(e) => setAnneeFin(Number(e.value))}
          />
        </FormField>
        <DirectionField
          id="stat-direction"
          fixed={scope.fixed}
          fixedLabel={scope.libelleDirection}
          value={idDirection}
          onChange={setIdDirection}
          allowAll
        />
        <button
          type="button"
          className="p-button p-component p-button-help"
          disabled={busy || !stats.data}
          onClick={exportXlsx}
        >
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
          <span>{t.exporter}</span>
        </button>
      </div>
      {stats.isPending ? (
        <Loading />
      ) : stats.isError ? (
        <LoadFailure error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <Figures data={stats.data} asked={asked} />
      )}
    </section>
  );
}

/** `14 h 05`, in Ouagadougou's time (UTC), whatever the browser's zone. */
function ouagaHour(iso: string): string {
  const d = new Date(iso);
  return fill(messages.heureMinute, {
    h: String(d.getUTCHours()).padStart(2, '0'),
    m: String(d.getUTCMinutes()).padStart(2, '0'),
  });
}

/**
 * A table's rows in groups (a direction, a cité): a `tbody` a group, its name once as the group's
 * header beside its rows (its years), then each row's own cells.
 */
type Cite = StatisticsAnswer['cites'][number];

function GroupedRows<T>({
  groups,
  groupKey,
  rowKey,
  name,
  cells,
}: {
  groups: readonly T[][];
  groupKey: (row: T) => number;
  rowKey: (row: T) => string;
  name: (row: T) => string;
  cells: (row: T) => ReactNode;
}) {
  return groups.map((group) => (
    <tbody key={groupKey(group[0]!)}>
      {group.map((row, i) => (
        <tr key={rowKey(row)}>
          {i === 0 && (
            <th scope="rowgroup" rowSpan={group.length} className="stat-group">
              {name(row)}
            </th>
          )}
          {cells(row)}
        </tr>
      ))}
    </tbody>
  ));
}

function Figures({ data, asked }: { data: StatisticsAnswer; asked: Asked }) {
  const yearLabels = useMemo(
    () =>
      Array.from({ length: asked.anneeFin - asked.anneeDebut + 1 }, (_, i) =>
        anneeLibelle(asked.anneeDebut + i),
      ),
    [asked.anneeDebut, asked.anneeFin],
  );
  // Requests, admitted and renunciations of every direction shown, summed per year.
  const requests = useMemo<Series[]>(() => {
    const sum = (field: 'demandes' | 'admis' | 'renonciations') =>
      yearLabels.map((y) =>
        data.directions.filter((d) => d.anneeAcademique === y).reduce((s, d) => s + d[field], 0),
      );
    return [
      { label: t.colonneDemandes, data: sum('demandes') },
      { label: t.colonneAdmis, data: sum('admis') },
      { label: t.colonneRenonciations, data: sum('renonciations') },
    ];
  }, [data, yearLabels]);
  // The table's rows, a group a direction (its name once, beside its years); a direction with no
  // request, admission nor renunciation in any year shown is named below the table instead of
  // filling it with rows of zeros (the spreadsheet does the same).
  const { active: activeDirections, idle: idleDirections } = useMemo(
    () => splitIdleDirections(data.directions),
    [data],
  );
  const idleSentence = idleDirectionsSentence(idleDirections);
  // The cités' tables: a group a cité, its name once beside its years.
  const citeGroups = useMemo(() => groupRows(data.cites, (c) => c.idCite), [data]);
  const citeRows = {
    groups: citeGroups,
    groupKey: (c: Cite) => c.idCite,
    rowKey: (c: Cite) => `${c.idCite}-${c.anneeDebut}`,
    name: (c: Cite) => quotesHeld(c.nomCite),
  };
  const lastYear = anneeLibelle(asked.anneeFin);
  const lastCites = useMemo(() => data.cites.filter((c) => c.anneeAcademique === lastYear), [data, lastYear]);
  // One line a year (a few colours a manager tells apart, where a line a cité gave 13 close ones):
  // each month, the occupancy of every cité shown, weighted by its beds; a month without any
  // figure stays empty. The table below keeps each cité's own figures.
  const occupancy = useMemo<Series[]>(
    () =>
      yearLabels.map((y) => ({
        label: y,
        data: weightedMonthOccupancy(data.cites.filter((c) => c.anneeAcademique === y)),
      })),
    [data, yearLabels],
  );
  const arrears = useMemo<Series[]>(
    () =>
      yearLabels.map((y) => ({
        label: y,
        data: lastCites.map(
          (c) =>
            data.cites.find((x) => x.idCite === c.idCite && x.anneeAcademique === y)?.partArrieres ?? null,
        ),
      })),
    [data, yearLabels, lastCites],
  );
  const citeNames = useMemo(() => lastCites.map((c) => quotesHeld(c.nomCite)), [lastCites]);

  if (data.directions.length === 0 && data.cites.length === 0) return <p>{t.aucuneDonnee}</p>;
  return (
    <>
      {data.enCoursCalculeLe && (
        <p className="staff-intro" data-testid="statistiques-calcul">
          {fill(t.enCoursCalcule, {
            heure: ouagaHour(data.enCoursCalculeLe),
            minutes: String(STATISTICS_OPEN_FRESHNESS_MINUTES),
          })}
        </p>
      )}
      <section className="stat-section" aria-labelledby="stat-demandes">
        <h2 id="stat-demandes">{t.demandesTitre}</h2>
        <p className="staff-intro" data-testid="admis-aide">
          {t.admisAide}
        </p>
        <StatChart
          type="bar"
          label={t.demandesTitre}
          labels={yearLabels}
          series={requests}
          testId="graphique-demandes"
        />
        <TableScroll label={t.demandesTitre}>
          <table className="dash-table stat-table" data-testid="tableau-demandes">
            <caption>{t.tableauEquivalent}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colonneDirection}</th>
                <th scope="col">{t.colonneAnnee}</th>
                <th scope="col">{t.colonneDemandes}</th>
                <th scope="col">{t.colonneAdmis}</th>
                <th scope="col">{t.colonneRenonciations}</th>
              </tr>
            </thead>
            <GroupedRows
              groups={activeDirections}
              groupKey={(d) => d.idDirection}
              rowKey={(d) => `${d.idDirection}-${d.anneeDebut}`}
              name={(d) => d.libelleDirection}
              cells={(d) => (
                <>
                  <td className="stat-annee">{d.anneeAcademique}</td>
                  <td>{frenchInteger(d.demandes)}</td>
                  <td>{frenchInteger(d.admis)}</td>
                  <td>{frenchInteger(d.renonciations)}</td>
                </>
              )}
            />
          </table>
        </TableScroll>
        {idleSentence && (
          <p className="staff-intro" data-testid="directions-sans-demande">
            {idleSentence}
          </p>
        )}
      </section>

      <section className="stat-section" aria-labelledby="stat-occupation">
        <h2 id="stat-occupation">{t.occupationTitre}</h2>
        <p className="staff-intro">
          {t.occupationAide} {t.occupationGraphique}
        </p>
        <StatChart
          type="line"
          label={t.occupationTitre}
          labels={[...t.moisCourts]}
          series={occupancy}
          unit=" %"
          testId="graphique-occupation"
        />
        <TableScroll label={t.occupationTitre}>
          <table className="dash-table stat-table stat-heat" data-testid="tableau-occupation">
            <caption>{t.tableauEquivalent}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colonneCite}</th>
                <th scope="col">{t.colonneAnnee}</th>
                <th scope="col">{t.colonneLits}</th>
                {t.mois.map((m, i) => (
                  <th scope="col" key={m}>
                    <abbr title={m}>{t.moisCourts[i]}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <GroupedRows
              {...citeRows}
              cells={(c) => (
                <>
                  <td className="stat-annee">{c.anneeAcademique}</td>
                  <td>{frenchInteger(c.lits)}</td>
                  {c.occupationParMois.map((v, i) => (
                    <td key={i} data-niveau={v === null ? undefined : Math.min(4, Math.floor(v / 25))}>
                      {figure(v)}
                    </td>
                  ))}
                </>
              )}
            />
          </table>
        </TableScroll>
      </section>

      <section className="stat-section" aria-labelledby="stat-delais">
        <h2 id="stat-delais">{t.delaisTitre}</h2>
        <p className="staff-intro">{t.delaisAide}</p>
        <StatChart
          type="bar"
          label={t.colonneArrieres}
          labels={citeNames}
          series={arrears}
          unit=" %"
          testId="graphique-arrieres"
        />
        <TableScroll label={t.delaisTitre}>
          <table className="dash-table stat-table" data-testid="tableau-delais">
            <caption>{t.tableauEquivalent}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colonneCite}</th>
                <th scope="col">{t.colonneAnnee}</th>
                <th scope="col">{t.colonneReattribution}</th>
                <th scope="col">{t.colonneEnAttente}</th>
                <th scope="col">{t.colonneArrieres}</th>
                <th scope="col">{t.colonneIntervention}</th>
              </tr>
            </thead>
            <GroupedRows
              {...citeRows}
              cells={(c) => (
                <>
                  <td className="stat-annee">{c.anneeAcademique}</td>
                  <td>{figure(c.delaiMedianReattributionJours)}</td>
                  <td>{frenchInteger(c.litsLiberesEnAttente)}</td>
                  <td>{figure(c.partArrieres)}</td>
                  <td>{figure(c.delaiMedianInterventionHeures)}</td>
                </>
              )}
            />
          </table>
        </TableScroll>
      </section>
    </>
  );
}
