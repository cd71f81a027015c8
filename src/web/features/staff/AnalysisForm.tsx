import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { VALEURS_ANALYSE } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { Loading } from '../../components/Loading';
import { LIST } from '../../components/list/useServerList';
import { ProofButton, useProofViewer } from '../../components/pdf/proof';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { WORKFLOW_LIFE, useToast } from '../../lib/toast';
import { DossierFacts } from './DossierFacts';
import { ScoreDetail } from './ScoreDetail';
import { fetchDossier } from '../dossier/api';
import { formatMoyenne, saveAnalysis, staffKeys } from './api';
import type { DossierCritere, DossierLu } from './types';
import { LoadFailure } from '../../components/LoadFailure';

/** The form's message ('Analyser tous les critères', the server's refusal), tied to the empty selects. */
const ERROR_ID = 'erreur-analyse';

/** The criteria not yet given a value (the form sends nothing while one is left). */
export const missingValues = (criteres: readonly DossierCritere[], values: Record<number, string>) =>
  criteres.filter((c) => !values[c.idDossierCritere]);

/**
 * The analysis of one dossier (docs/sessions-and-dossiers.md#analysis, docs/deliberation.md): per criterion,
 * its proof beside one dropdown VALIDE / INVALIDE / INJUSTIFIÉ; nothing is sent while a criterion
 * has no value; the server's refusal is shown as it is; after success the new status and score.
 * Used in the dialog of /analyse and on /analyse-dossier/{idDossier}/{ine}.
 */
export function AnalysisForm(props: {
  idDossier: number;
  ine: string;
  submitLabel: string;
  /** Quitter (the dialog). */
  onCancel?: () => void;
  /** After a successful save, with the dossier as the server answered. */
  onSaved?: (dossier: DossierLu) => void;
  /** Shown under the buttons after a success (the page's 'Retour'). */
  after?: ReactNode;
}) {
  const { idDossier, ine } = props;
  const toast = useToast();
  const queryClient = useQueryClient();
  const proofs = useProofViewer(idDossier);
  const detail = useQuery({
    queryKey: staffKeys.dossier(idDossier, ine),
    queryFn: ({ signal }) => fetchDossier(ine, idDossier, signal),
    staleTime: 0,
  });
  const [values, setValues] = useState<Record<number, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<DossierLu | null>(null);

  const criteres = detail.data?.listeDossierCritere ?? [];
  const current: Record<number, string> =
    values ??
    Object.fromEntries(
      criteres.filter((c) => c.valeurAnalyse).map((c) => [c.idDossierCritere, c.valeurAnalyse!]),
    );

  const save = useMutation({
    mutationFn: saveAnalysis,
    onSuccess: async (answer) => {
      toast.success(messages.analyseEffectuee, undefined, WORKFLOW_LIFE);
      // The answer's entries carry their values only: each entry read before keeps its other facts.
      const before = detail.data as DossierLu;
      const valeurs = new Map(
        (answer?.listeDossierCritere ?? []).map((c) => [c.idDossierCritere, c.valeurAnalyse]),
      );
      const merged: DossierLu = {
        ...before,
        ...(answer ?? {}),
        listeDossierCritere: before.listeDossierCritere.map((c) => ({
          ...c,
          valeurAnalyse: valeurs.get(c.idDossierCritere) ?? c.valeurAnalyse,
        })),
      };
      setSaved(merged);
      queryClient.setQueryData(staffKeys.dossier(idDossier, ine), merged);
      await queryClient.invalidateQueries({ queryKey: [LIST, 'dossiers'] });
      props.onSaved?.(merged);
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast.failure(errorMessage(err), messages.analyseEchouee);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (missingValues(criteres, current).length > 0) {
      setError(messages.analyserTousCriteres);
      return;
    }
    setError(null);
    save.mutate({
      idDossier,
      listeDossierCritere: criteres.map((c) => ({
        idDossierCritere: c.idDossierCritere,
        valeurAnalyse: current[c.idDossierCritere],
      })),
    });
  }

  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />;
  const dossier = saved ?? detail.data;
  const missing = error === messages.analyserTousCriteres ? missingValues(criteres, current) : [];

  return (
    <form className="analysis-form" onSubmit={submit} noValidate>
      <DossierFacts dossier={dossier} ine={ine} />
      <div className="table-scroll">
        <table className="stack-table analysis-criteria" data-testid="criteres-analyse">
          <caption className="visually-hidden">{messages.criteresDossier}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.colonneTypeCritere}</th>
              <th scope="col">{messages.colonneCritere}</th>
              <th scope="col">{messages.colonneJustificatif}</th>
              <th scope="col">{messages.colonneAnalyse}</th>
            </tr>
          </thead>
          <tbody>
            {criteres.map((c) => {
              const id = `analyse-${c.idDossierCritere}`;
              const invalid = missing.some((m) => m.idDossierCritere === c.idDossierCritere);
              return (
                <tr key={c.idDossierCritere}>
                  <th scope="row" data-label={messages.colonneTypeCritere}>
                    {c.libelleTypeCritere}
                  </th>
                  <td data-label={messages.colonneCritere}>{c.libelleCritere}</td>
                  <td data-label={messages.colonneJustificatif}>
                    <ProofButton critere={c} onOpen={proofs.open} />
                  </td>
                  <td data-label={messages.colonneAnalyse}>
                    <label htmlFor={id} className="visually-hidden">
                      {fill(messages.analyseCritere, { critere: c.libelleCritere })}
                    </label>
                    <select
                      id={id}
                      className={invalid ? 'analysis-select is-invalid' : 'analysis-select'}
                      value={current[c.idDossierCritere] ?? ''}
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? ERROR_ID : undefined}
                      onChange={(e) => {
                        // From the latest values, not this render's: two changes before a
                        // render (a fast keyboard) must both be kept.
                        const valeur = e.target.value;
                        setValues((prev) => ({ ...(prev ?? current), [c.idDossierCritere]: valeur }));
                        setError(null);
                      }}
                    >
                      <option value="">{messages.choisir}</option>
                      {VALEURS_ANALYSE.map((v) => (
                        <option key={v} value={v}>
                          {enumLabel('valeurAnalyse', v)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ScoreDetail criteres={criteres} values={current} />
      {error && (
        <p className="error-text" role="alert" id={ERROR_ID} data-testid="erreur-analyse">
          {error}
        </p>
      )}
      {saved && (
        <p className="analysis-done" role="status" data-testid="analyse-reussie">
          <i className="pi pi-check-circle" aria-hidden="true" /> {messages.analyseEffectuee}{' '}
          {fill(messages.analyseResultat, {
            statut: enumLabel('statutDossier', saved.statutDossier),
            moyenne: formatMoyenne(saved.moyenne),
          })}
        </p>
      )}
      <div className="analysis-actions">
        {props.onCancel && (
          <button type="button" className="p-button p-component p-button-text" onClick={props.onCancel}>
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.quitter}</span>
          </button>
        )}
        <button type="submit" className="p-button p-component" disabled={save.isPending}>
          <i className={save.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
          <span>{props.submitLabel}</span>
        </button>
      </div>
      {saved && props.after}
      {proofs.viewer}
    </form>
  );
}
