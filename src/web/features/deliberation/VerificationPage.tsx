import '../../lib/prime';
import '../staff/staff.css';
import '../registry/registry.css';
import './deliberation.css';
import { useMutation } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import type { DeliberationRun, Verification } from '../../../domain/schemas/deliberation';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { DirectionSessionFields, useDirectionSession } from '../staff/SessionChooser';
import { fetchVerification } from './api';
import { RunsTable, runDate } from './Runs';
import { localTableProps } from '../../components/lazyTable';
import { Code, fillNodes } from '../../components/Code';

type Issue = Verification['differences'][number]['enregistre'];

/** 'Admis · Nationaux · rang 3', 'Non admis'. */
function issueText(issue: Issue): string {
  const parts = [enumLabel('statutDossier', issue.statut)];
  if (issue.liste) parts.push(enumLabel('listeDeliberation', issue.liste));
  if (issue.rang !== null) parts.push(`${messages.colonneRang.toLowerCase()} ${issue.rang}`);
  return parts.join(' · ');
}

/**
 * /verification-deliberation (the admin; issue 10 item 3): a direction and a session, their
 * publications, and 'Vérifier' on each: the server ranks the run again from the inputs it stored
 * (criteria, coefficients, notes, quotas and seed as they were) and compares every dossier with
 * what was published; the page says whether they match, and lists the dossiers that differ.
 */
export default function VerificationPage() {
  useDocumentTitle(messages.verificationTitre);
  const toast = useToast();
  const [shown, setShown] = useState<{ run: DeliberationRun; verdict: Verification } | null>(null);
  const state = useDirectionSession('deliberation', () => setShown(null));
  const { chosen } = state;
  const verify = useMutation({
    mutationFn: async (run: DeliberationRun) => ({
      run,
      verdict: await fetchVerification(run.idDeliberation),
    }),
    onMutate: () => setShown(null),
    onSuccess: setShown,
    onError: (err) => toast.failure(errorMessage(err)),
  });
  const busy = verify.isPending ? (verify.variables?.idDeliberation ?? null) : null;
  const shownFor = shown && chosen && shown.run.idSessionCenou === chosen.idSessionCenou ? shown : null;

  return (
    <section className="resource-screen">
      <h1>{messages.verificationTitre}</h1>
      <p className="staff-intro">{messages.verificationIntro}</p>
      <DirectionSessionFields state={state} idPrefix="verification" />
      {chosen && (
        <section className="delib-runs">
          <h2>{messages.publicationsTitre}</h2>
          <RunsTable
            idSessionCenou={chosen.idSessionCenou}
            idDirection={chosen.idDirection}
            verify={{ busy, onVerify: (run) => verify.mutate(run) }}
          />
        </section>
      )}
      <div aria-live="polite">
        {shownFor && (
          <div
            className={`import-outcome ${shownFor.verdict.identique ? 'import-success' : 'import-failure'}`}
            data-testid="verification-verdict"
          >
            <p>
              <i
                className={shownFor.verdict.identique ? 'pi pi-check-circle' : 'pi pi-times-circle'}
                aria-hidden="true"
              />{' '}
              <strong>
                {fillNodes(
                  shownFor.verdict.identique
                    ? messages.verificationIdentique
                    : messages.verificationDifferente,
                  {
                    date: runDate(shownFor.run),
                    seed: <Code>{shownFor.run.seed}</Code>,
                    n: shownFor.verdict.nbDifferences,
                  },
                )}
              </strong>
            </p>
            {shownFor.verdict.differences.length < shownFor.verdict.nbDifferences && (
              <p>{fill(messages.verificationPremieres, { n: shownFor.verdict.differences.length })}</p>
            )}
          </div>
        )}
      </div>
      {shownFor && shownFor.verdict.differences.length > 0 && (
        <DataTable
          value={shownFor.verdict.differences}
          dataKey="idDossier"
          {...localTableProps(shownFor.verdict.differences.length)}
          className="import-errors"
          pt={{ table: { 'aria-label': messages.verificationDifferences } }}
        >
          <Column field="ine" header={messages.colonneIne} />
          <Column
            header={messages.colonneEnregistre}
            body={(d: Verification['differences'][number]) => issueText(d.enregistre)}
          />
          <Column
            header={messages.colonneRecalcule}
            body={(d: Verification['differences'][number]) => issueText(d.recalcule)}
          />
        </DataTable>
      )}
    </section>
  );
}
