import './staff.css';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { FormField, errorId } from '../../components/FormField';
import { Loading } from '../../components/Loading';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable } from '../../components/list/ServerTable';
import { listKey, useServerList } from '../../components/list/useServerList';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { AnalysisDialog } from './AnalysisDialog';
import { dossierColumns } from './columns';
import { nomComplet, useSessions, useStaffScope } from './api';
import { PAGE_SIZE } from './DossierTable';
import { analysisOpen, openSessionOf, sessionNoticeText } from './sessions';
import type { DossierListRow } from '../../../domain/schemas/staff';
import { LoadFailure } from '../../components/LoadFailure';

const COLUMNS = dossierColumns([
  'ine',
  'nomEtudiant',
  'prenomEtudiant',
  'dateNaissance',
  'telEtudiant',
  'nomVille',
  'statutDossier',
  'moyenne',
]);

/** The list of dossiers to analyse, the INE search and the dialog. */
function AnalysisList({ idDirection }: { idDirection: number | null }) {
  const [ine, setIne] = useState('');
  const [ineError, setIneError] = useState<string | undefined>();
  const [open, setOpen] = useState<DossierListRow | null>(null);
  const list = useServerList({
    key: listKey.dossiers('analyse'),
    path: '/campus/dossier',
    pageSize: PAGE_SIZE,
    extra: { etatSession: 'ANALYSE', ...(idDirection !== null ? { idDirection } : {}) },
  });

  function search(e: FormEvent) {
    e.preventDefault();
    if (!ine.trim()) {
      setIneError(messages.champObligatoire);
      return;
    }
    setIneError(undefined);
    list.setFilter('ine', ine.trim());
  }

  return (
    <>
      <form className="analysis-search" onSubmit={search} role="search" noValidate>
        <FormField id="analyse-ine" label={messages.rechercheIne} required error={ineError}>
          <input
            id="analyse-ine"
            className="p-inputtext p-component"
            type="search"
            value={ine}
            onChange={(e) => {
              setIne(e.target.value);
              if (e.target.value === '') list.setFilter('ine', '');
            }}
            aria-invalid={Boolean(ineError) || undefined}
            aria-describedby={ineError ? errorId('analyse-ine') : undefined}
          />
        </FormField>
        <button type="submit" className="p-button p-component">
          <i className="pi pi-search" aria-hidden="true" />
          <span>{messages.rechercher}</span>
        </button>
      </form>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idDossier"
        label={messages.analyseTitre}
        above={
          <p className="count" aria-live="polite" data-testid="nombre-dossiers">
            {fill(messages.dossiersTrouves, { n: list.total })}
          </p>
        }
        rowActions={(row) => {
          const nom = nomComplet(row) || row.ine;
          return (
            <>
              <RowAction
                label={fill(messages.analyserDossierDe, { nom })}
                icon="pi pi-check-square"
                onClick={() => setOpen(row)}
              />
              <Link
                to={paths.staff.analyser(row.idDossier, row.ine)}
                className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
                aria-label={fill(messages.ouvrirAnalyseDe, { nom })}
                title={fill(messages.ouvrirAnalyseDe, { nom })}
              >
                <i className="pi pi-external-link" aria-hidden="true" />
              </Link>
            </>
          );
        }}
      />
      {open && <AnalysisDialog key={open.idDossier} row={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * /analyse (docs/sessions-and-dossiers.md#analysis): shown only while the open session is in
 * ANALYSE (the regional manager's own; any for the admin). Otherwise a regional manager reads
 * where its session stands (no session, the analysis not open yet, closed, suspended); a national
 * reader, that no session is in analysis.
 */
export default function AnalysePage() {
  useDocumentTitle(messages.analyseTitre);
  const user = useUser();
  const scope = useStaffScope('dossier.analyse');
  const sessions = useSessions();
  const open = sessions.data ? analysisOpen(sessions.data, roleOf(user), user?.idDirection ?? null) : false;
  const notice = scope.fixed
    ? sessionNoticeText(
        openSessionOf(sessions.data ?? [], user?.idDirection ?? null),
        'analysis',
        messages.sessionAnalyseClose,
      )
    : messages.sessionAnalyseClose;

  return (
    <section className="resource-screen">
      <h1>{messages.analyseTitre}</h1>
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <LoadFailure error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !open ? (
        <p className="notice" data-testid="session-analyse-close">
          {notice}
        </p>
      ) : (
        <>
          <p className="staff-intro">{messages.analyseIntro}</p>
          {scope.fixed && scope.libelleDirection && (
            <p className="staff-direction" data-testid="direction-fixe">
              <i className="pi pi-sitemap" aria-hidden="true" />{' '}
              {fill(messages.directionFixe, { direction: scope.libelleDirection })}
            </p>
          )}
          <AnalysisList idDirection={scope.fixed ? scope.idDirection : null} />
        </>
      )}
    </section>
  );
}
