import './dossier.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { depositSituationQuery, dossierKeys, useDepotForm, fetchDossiers } from './api';
import { DossierForm, ProgressBar } from './DossierForm';
import { LoadFailure } from '../../components/LoadFailure';
import type { DossierDetail } from '../../../domain/schemas/dossier';
import { Code } from '../../components/Code';

/**
 * /depot, 'Dépôt de dossier pour la cité universitaire' (docs/sessions-and-dossiers.md#the-deposit):
 * the deposit form of the student's open session, or why it cannot deposit (the session is closed,
 * its orientation city has no cité: the student's situation says so, and the form is then not
 * asked; a 409 of the form, the session closed meanwhile, is shown the same way), or that its
 * dossier of this session already exists, with a link to the dashboard. After a deposit, the
 * receipt number and the link.
 */
export default function DepotPage() {
  useDocumentTitle(messages.depotTitre);
  const user = useUser();
  const ine = user?.username ?? '';
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ saved: DossierDetail; files: string[] } | null>(null);
  const receipt = useRef<HTMLDivElement>(null);

  // The server says whether the direction takes a deposit now (the menu has read it already).
  const situation = useQuery({ ...depositSituationQuery(ine), enabled: ine !== '' });
  const open = situation.data?.depotPossible === true;
  const form = useDepotForm(ine, open);
  const dossiers = useQuery({
    queryKey: dossierKeys.liste(ine),
    queryFn: ({ signal }) => fetchDossiers(ine, signal),
    enabled: ine !== '',
    staleTime: 0,
  });
  // The form is the page's heaviest drawing: once its reads are in, it is drawn as a deferred value,
  // in slices that leave the main thread free between them, the instructions and 'Chargement…'
  // staying until it is whole (docs/decisions/101-student-routes-main-thread.md).
  const formDrawn = useDeferredValue(form.isSuccess);

  // After a deposit the long form gives way to the receipt: its number is brought to the middle
  // of the screen, clear of the sticky top bar, and the focus goes to it with the page's title as
  // its name, so that a screen reader reads « Votre dossier est déposé » and the number at once.
  // The receipt is the deposit's confirmation: no toast over it (on a phone one covered the title,
  // docs/decisions/047-lighter-walks-and-the-receipt.md).
  useEffect(() => {
    const id = receipt.current;
    if (!done || !id) return;
    id.focus({ preventScroll: true });
    id.scrollIntoView?.({ block: 'center' });
  }, [done]);

  // The page's instructions are drawn with its title while the form is read: on a slow phone the
  // student reads them meanwhile (and they are the page's largest text, its LCP, decision 027).
  // The same paragraph (its key) once the form is drawn: kept, not drawn again, so that the page's
  // largest text is painted once, with the title (docs/decisions/104-student-routes-paint-early.md).
  const lead = (
    <p key="lead" className="lead">
      {messages.depotIntro}
    </p>
  );
  const loading = (
    <>
      {lead}
      <Loading key="loading" />
    </>
  );
  let body;
  if (done) {
    body = (
      <div className="receipt" data-testid="recu">
        <div
          className="receipt-id"
          ref={receipt}
          tabIndex={-1}
          role="group"
          aria-labelledby="titre-recu"
          data-testid="numero-recu"
        >
          <p className="receipt-label">{messages.numeroRecu}</p>
          <p className="receipt-number" data-testid="reference-dossier">
            <Code>{done.saved.referenceDossier}</Code>
          </p>
        </div>
        <p className="field-hint">{messages.recuAide}</p>
        {done.files.length > 0 && (
          <div className="upload-progress">
            {done.files.map((name) => (
              <ProgressBar key={name} label={fill(messages.envoiFichier, { nom: name })} value={1} />
            ))}
          </div>
        )}
        <Link className="p-button p-component" to={paths.tableauDeBord}>
          <i className="pi pi-th-large" aria-hidden="true" />
          <span>{messages.allerTableauDeBord}</span>
        </Link>
      </div>
    );
  } else if (situation.isPending || dossiers.isPending) {
    body = loading;
  } else if (situation.isError) {
    body = <LoadFailure error={situation.error} onRetry={() => void situation.refetch()} />;
  } else if (!open) {
    body = (
      <div className="notice notice-warning" role="alert" data-testid="depot-ferme">
        <p>{situation.data.motif ?? messages.sessionDepotFermee}</p>
      </div>
    );
  } else if (form.isPending || (form.isSuccess && !formDrawn)) {
    body = loading;
  } else if (form.isError) {
    const refused = form.error instanceof ApiError && form.error.status === 409;
    body = refused ? (
      <div className="notice notice-warning" role="alert" data-testid="depot-ferme">
        <p>{form.error.message}</p>
      </div>
    ) : (
      <LoadFailure error={form.error} onRetry={() => void form.refetch()} />
    );
  } else if (form.data.idSessionCenou == null) {
    body = (
      <div className="notice notice-warning" role="alert" data-testid="depot-ferme">
        <p>{messages.sessionInscriptionClose}</p>
      </div>
    );
  } else if (
    form.data.dossierExistant ||
    (dossiers.data ?? []).some((d) => d.idSessionCenou === form.data.idSessionCenou)
  ) {
    body = (
      <div className="notice notice-info" role="status" data-testid="dossier-existant">
        <p>
          <strong>{messages.dossierExistant}</strong> {messages.dossierDejaDepose}
        </p>
        <Link to={paths.tableauDeBord}>{messages.allerTableauDeBord}</Link>
      </div>
    );
  } else if (!form.data.eligibilite.depotPossible) {
    // The agency's stay limit (docs/agency-rules.md), said before anything is filled.
    body = (
      <div className="notice notice-warning" role="alert" data-testid="duree-maximale">
        <p>{messages.dureeMaximaleAtteinte}</p>
      </div>
    );
  } else {
    const e = form.data.eligibilite;
    body = (
      <>
        {e.handicapRequis && (
          <p key="handicap" className="notice notice-warning" role="status" data-testid="handicap-requis">
            {fill(messages.dureeMaximaleHandicap, { annees: e.anneesHebergement })}
          </p>
        )}
        {e.anneesHebergement > 0 && (
          <p key="annees" className="field-hint" data-testid="annees-hebergement">
            {fill(messages.anneesHebergementComptees, {
              annees: e.anneesHebergement,
              max: e.dureeMaximale,
              maxHandicap: e.dureeMaximaleHandicap,
            })}
          </p>
        )}
        {lead}
        <DossierForm
          key="form"
          form={form.data}
          onSaved={(saved, files) => {
            setDone({ saved, files });
            void queryClient.invalidateQueries({ queryKey: dossierKeys.all });
          }}
          // The dossier exists (a deposit sent again after its answer was lost): read afresh,
          // the page then says so, with the link to the dashboard.
          onAlreadyDeposited={() => void queryClient.invalidateQueries({ queryKey: dossierKeys.all })}
        />
      </>
    );
  }

  return (
    <section className="card dossier-page">
      <h1 id={done ? 'titre-recu' : undefined}>{done ? messages.recuTitre : messages.depotTitre}</h1>
      {body}
    </section>
  );
}
