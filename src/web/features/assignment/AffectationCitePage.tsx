import '../../lib/prime';
import '../staff/staff.css';
import './assignment.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PickList } from 'primereact/picklist';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import type { Availability, SansLitRow } from '../../../domain/schemas/assignment';
import { affecter, assignmentKeys, useDisponibilites, useSansLit } from './api';
import { CiteChooser, useAssignmentScope } from './CiteChooser';
import { Code } from '../../components/Code';
import { fullName } from '../../../domain/format';

const nomComplet = (e: SansLitRow) => fullName(e.nomEtudiant, e.prenomEtudiant);

function StudentItem(e: SansLitRow) {
  return (
    <div className="pick-student" data-ine={e.ine}>
      <span className="pick-student-name">{nomComplet(e)}</span>
      <span className="pick-student-meta">
        <Code>{e.ine}</Code>
        {e.sexeEtudiant ? ` · ${enumLabel('sexeEtudiant', e.sexeEtudiant)}` : ''}
        {e.rang != null ? ` · ${fill(messages.etudiantRang, { rang: e.rang })}` : ''}
        {e.listeDeliberation ? ` · ${enumLabel('listeDeliberation', e.listeDeliberation)}` : ''}
      </span>
    </div>
  );
}

/** Free beds by sex, as the server counts them. */
export function FreeBeds({ data, loading }: { data: Availability | undefined; loading: boolean }) {
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return (
    <p className="free-beds" data-testid="lits-libres" aria-live="polite">
      <i className="pi pi-inbox" aria-hidden="true" /> <strong>{messages.litsLibres}</strong>{' '}
      {loading && !data ? (
        messages.chargement
      ) : (
        <>
          <span data-sexe="M">{fill(messages.litsLibresHommes, { nombre: n(data?.M) })}</span>
          {' · '}
          <span data-sexe="F">{fill(messages.litsLibresFemmes, { nombre: n(data?.F) })}</span>
        </>
      )}
    </p>
  );
}

/**
 * /affectationcite (docs/assignment.md#placement): the session (the direction's open one
 * by default) and a cité of the direction, its free beds by sex, then the admitted students without
 * a bed moved from 'Étudiants' to 'Choisis' (PickList with a search) and 'Affecter' (all or none:
 * the server refuses when beds are short). 'Affecter automatiquement' fills the cité in rank order
 * after a confirmation.
 */
/**
 * PickList's two lists are listboxes with no name of their own (axe: aria-input-field-name), and
 * PrimeReact has no prop for them: they are named after their headers once drawn.
 */
function namedLists(list: PickList | null) {
  const root = list?.getElement();
  if (!root) return;
  const [source, target] = root.querySelectorAll('[role="listbox"]');
  source?.setAttribute('aria-label', messages.pickEtudiants);
  target?.setAttribute('aria-label', messages.pickChoisis);
}

export default function AffectationCitePage() {
  useDocumentTitle(messages.menuAffectationCite);
  const state = useAssignmentScope();
  const { idSessionCenou, idCite, nomCite } = state.value;
  const toast = useToast();
  const queryClient = useQueryClient();
  const dispo = useDisponibilites(idSessionCenou, idCite);
  const sansLit = useSansLit(idSessionCenou);
  const [chosen, setChosen] = useState<SansLitRow[]>([]);
  const [confirmAuto, setConfirmAuto] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A new session or cité starts again with no student chosen.
  useEffect(() => {
    setChosen([]);
    setError(null);
  }, [idSessionCenou, idCite]);

  // Failed loads always tell the user (src/web/README.md#rules-every-screen-follows).
  useEffect(() => {
    if (sansLit.error) toast.failure(errorMessage(sansLit.error));
  }, [sansLit.error, toast]);
  useEffect(() => {
    if (dispo.error) toast.failure(errorMessage(dispo.error));
  }, [dispo.error, toast]);

  const chosenInes = useMemo(() => new Set(chosen.map((e) => e.ine)), [chosen]);
  const source = useMemo(
    () => (sansLit.data ?? []).filter((e) => !chosenInes.has(e.ine)),
    [sansLit.data, chosenInes],
  );

  const run = useMutation({
    mutationFn: (etudiants: string[] | undefined) =>
      affecter({ idSessionCenou: idSessionCenou!, idCite: idCite!, ...(etudiants ? { etudiants } : {}) }),
    onSuccess: (r, etudiants) => {
      setError(null);
      setChosen([]);
      toast.success(
        etudiants
          ? fill(messages.affectationResultat, { nombre: r.affectes.length })
          : fill(messages.affectationAutoResultat, { nombre: r.affectes.length, restants: r.nonAffectes }),
        undefined,
        WORKFLOW_LIFE,
      );
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast.failure(errorMessage(err));
    },
    onSettled: () => {
      setConfirmAuto(false);
      return queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
    },
  });

  const closeConfirm = useCallback(() => {
    if (!run.isPending) setConfirmAuto(false);
  }, [run.isPending]);

  function assignChosen() {
    if (chosen.length === 0) {
      setError(messages.affecterChoisirEtudiants);
      return;
    }
    run.mutate(chosen.map((e) => e.ine));
  }

  const ready = idSessionCenou !== null && idCite !== null;

  return (
    <section className="resource-screen assignment-screen">
      <h1>{messages.menuAffectationCite}</h1>
      <p className="staff-intro">{messages.affectationCiteIntro}</p>
      <CiteChooser state={state} idPrefix="affectation" />
      {ready && (
        <>
          <FreeBeds data={dispo.data} loading={dispo.isFetching} />
          <PickList
            ref={namedLists}
            dataKey="ine"
            source={source}
            target={chosen}
            onChange={(e) => {
              setChosen(e.target as SansLitRow[]);
              setError(null);
            }}
            itemTemplate={StudentItem}
            sourceHeader={`${messages.pickEtudiants} (${source.length})`}
            targetHeader={`${messages.pickChoisis} (${chosen.length})`}
            filter
            filterBy="nomEtudiant,prenomEtudiant,ine"
            sourceFilterPlaceholder={messages.pickRecherche}
            targetFilterPlaceholder={messages.pickRecherche}
            showSourceControls={false}
            showTargetControls={false}
            breakpoint="720px"
            className="assignment-picklist"
            sourceStyle={{ height: '24rem' }}
            targetStyle={{ height: '24rem' }}
          />
          {sansLit.data?.length === 0 && chosen.length === 0 && (
            <p className="field-hint" data-testid="aucun-sans-lit">
              {messages.pickAucunEtudiant}
            </p>
          )}
          {error && (
            <p className="p-error assignment-error" role="alert" data-testid="affectation-erreur">
              {error}
            </p>
          )}
          <div className="toolbar-buttons assignment-actions">
            <button
              type="button"
              className="p-button p-component"
              onClick={assignChosen}
              disabled={run.isPending}
            >
              <i
                className={run.isPending && run.variables ? 'pi pi-spin pi-spinner' : 'pi pi-check'}
                aria-hidden="true"
              />
              <span>{messages.affecter}</span>
            </button>
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              onClick={() => setConfirmAuto(true)}
              disabled={run.isPending}
            >
              <i className="pi pi-bolt" aria-hidden="true" />
              <span>{messages.affecterAutomatiquement}</span>
            </button>
          </div>
        </>
      )}
      {confirmAuto && (
        <ConfirmDialog
          title={messages.confirmerTitre}
          testId="confirmation"
          cancelLabel={messages.non}
          confirmLabel={messages.oui}
          pending={run.isPending}
          onCancel={closeConfirm}
          onConfirm={() => run.mutate(undefined)}
        >
          {fill(messages.affecterConfirmation, { cite: nomCite ?? '' })}
        </ConfirmDialog>
      )}
    </section>
  );
}
