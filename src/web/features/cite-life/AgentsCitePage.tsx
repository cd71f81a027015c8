import { phoneForDisplay } from '../../../domain/phone';
import '../../lib/prime';
import './cite-life.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { citeMessages as t } from '../../../domain/messages-cite';
import { errorId } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { TableScroll } from '../../components/TableScroll';
import { PrimeDialog } from '../../components/PrimeDialog';
import { ApiError, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { citeLabel, citeOf, kept, type CiteOption } from '../assignment/types';
import { agentKeys, fetchAgents, fetchLiveCites, giveCites } from './api';
import { fullName } from '../../../domain/format';
import { Code } from '../../components/Code';

type Agent = NonNullable<Awaited<ReturnType<typeof fetchAgents>>>[number];

const agentName = (a: Agent) => fullName(a.nom, a.prenom) || a.userName;

/**
 * Agents de cité (settings, Administration group; docs/life-in-the-cite.md): every account of the
 * role with its cités, and a dialog that gives an agent its cités (at least one, replacing those it
 * had). An agent with none sees nothing of any cité: its row says so and asks for them first.
 */
export default function AgentsCitePage() {
  useDocumentTitle(t.agentsTitre);
  const [editing, setEditing] = useState<Agent | null>(null);
  const agents = useQuery({ queryKey: agentKeys.agents, queryFn: ({ signal }) => fetchAgents(signal) });
  const cites = useQuery({
    queryKey: agentKeys.cites,
    queryFn: async ({ signal }) => kept(await fetchLiveCites(signal), citeOf),
    staleTime: 30_000,
  });

  if (agents.isPending || cites.isPending) return <Loading />;
  if (agents.isError) return <LoadFailure error={agents.error} onRetry={() => void agents.refetch()} />;
  if (cites.isError) return <LoadFailure error={cites.error} onRetry={() => void cites.refetch()} />;

  const byId = new Map(cites.data.map((c) => [c.idCite, c]));
  const label = (c: { idCite: number; nomCite: string }) => citeLabel(byId.get(c.idCite) ?? c);
  const list = agents.data ?? [];
  // Those without a cité first: they are the ones waiting for the admin.
  const rows = [...list].sort((a, b) => Number(a.cites.length > 0) - Number(b.cites.length > 0));
  const without = list.filter((a) => a.cites.length === 0).length;

  return (
    <section className="card agents-cite">
      <h1>{t.agentsTitre}</h1>
      <p>{t.agentsIntro}</p>
      <p>{t.agentsTelephoneAide}</p>
      {without > 0 && (
        <p className="agents-cite-alert" role="status" data-testid="agents-sans-cite">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
          {without === 1 ? t.agentSansCite : fill(t.agentsSansCite, { n: without })}
        </p>
      )}
      {rows.length === 0 ? (
        <p data-testid="aucun-agent">{t.agentsAucun}</p>
      ) : (
        <TableScroll label={t.agentsTitre}>
          <table className="stack-table" data-testid="agents-cite">
            <thead>
              <tr>
                <th scope="col">{t.colonneIdentifiant}</th>
                <th scope="col">{t.colonneNom}</th>
                <th scope="col">{t.colonneTelephone}</th>
                <th scope="col">{t.colonneCites}</th>
                <th scope="col">{t.colonneActions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-agent={a.userName}>
                  <th scope="row">{a.userName}</th>
                  <td data-label={t.colonneNom}>{agentName(a)}</td>
                  <td data-label={t.colonneTelephone} data-testid="telephone-agent">
                    {a.telephone ? (
                      // Kept whole (never « 02 0 / 1 »): on a phone's card it goes under its name if need be.
                      <Code>{phoneForDisplay(a.telephone)}</Code>
                    ) : (
                      <span className="agents-cite-none">{t.aucunTelephoneAgent}</span>
                    )}
                  </td>
                  <td data-label={t.colonneCites}>
                    {a.cites.length === 0 ? (
                      <span className="agents-cite-none">{t.aucuneCiteAgent}</span>
                    ) : (
                      <ul className="agents-cite-list">
                        {a.cites.map((c) => (
                          <li key={c.idCite}>{label(c)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="agents-cite-action">
                    <button
                      type="button"
                      className={`p-button p-component p-button-sm${a.cites.length === 0 ? '' : ' p-button-outlined'}`}
                      aria-label={`${a.cites.length === 0 ? t.donnerCites : t.modifierCites} (${a.userName})`}
                      onClick={() => setEditing(a)}
                    >
                      <i
                        className={a.cites.length === 0 ? 'pi pi-plus' : 'pi pi-pencil'}
                        aria-hidden="true"
                      />
                      <span>{a.cites.length === 0 ? t.donnerCites : t.modifierCites}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {editing && (
        <CitesDialog
          agent={editing}
          cites={[...cites.data].sort((a, b) => citeLabel(a).localeCompare(citeLabel(b), 'fr'))}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** The cités of one agent: the live cités to tick, at least one; Enregistrer replaces its cités. */
function CitesDialog(props: { agent: Agent; cites: CiteOption[]; onClose: () => void }) {
  const { agent } = props;
  const toast = useToast();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number[]>(() => agent.cites.map((c) => c.idCite));
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const fieldId = 'cites-agent';

  function toggle(idCite: number, on: boolean) {
    setChosen((current) => (on ? [...current, idCite] : current.filter((id) => id !== idCite)));
    setError(undefined);
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (saving) return;
    if (chosen.length === 0) {
      setError(messages.citesAgentObligatoire);
      return;
    }
    setSaving(true);
    try {
      await giveCites(agent.id, chosen);
      toast.success(messages.operationReussie, fill(t.citesEnregistrees, { agent: agentName(agent) }));
      await client.invalidateQueries({ queryKey: agentKeys.agents });
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldErrors().citesAgent);
      toast.failure(errorMessage(err));
      setSaving(false);
    }
  }

  const formId = 'formulaire-cites-agent';
  const footer = (
    <div className="dialog-footer">
      <button type="button" className="p-button p-component p-button-text" onClick={props.onClose}>
        <i className="pi pi-times" aria-hidden="true" />
        <span>{messages.quitter}</span>
      </button>
      <button type="submit" form={formId} className="p-button p-component" disabled={saving}>
        <i className={saving ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
        <span>{messages.enregistrer}</span>
      </button>
    </div>
  );

  return (
    <PrimeDialog
      header={fill(t.citesDialogTitre, { agent: `${agentName(agent)} (${agent.userName})` })}
      footer={footer}
      onHide={props.onClose}
      style={{ width: '480px' }}
      breakpoints={{ '640px': '96vw' }}
      className="resource-dialog"
    >
      <form id={formId} onSubmit={save} noValidate>
        <fieldset
          className={`agents-cite-choice field${error ? ' field-invalid' : ''}`}
          aria-describedby={error ? errorId(fieldId) : `${fieldId}-aide`}
          aria-invalid={error ? true : undefined}
        >
          <legend className="is-required" title={messages.obligatoire}>
            {t.citesChamp}
          </legend>
          {props.cites.length === 0 ? (
            <p>{t.aucuneCiteActive}</p>
          ) : (
            <ul>
              {props.cites.map((c) => {
                const id = `${fieldId}-${c.idCite}`;
                return (
                  <li key={c.idCite}>
                    <Checkbox
                      inputId={id}
                      checked={chosen.includes(c.idCite)}
                      onChange={(e) => toggle(c.idCite, e.checked === true)}
                      invalid={Boolean(error)}
                    />
                    <label htmlFor={id}>{citeLabel(c)}</label>
                  </li>
                );
              })}
            </ul>
          )}
          {error ? (
            <small className="field-error" id={errorId(fieldId)} role="alert">
              {error}
            </small>
          ) : (
            <small className="field-hint" id={`${fieldId}-aide`}>
              {t.citesAide}
            </small>
          )}
        </fieldset>
      </form>
    </PrimeDialog>
  );
}
