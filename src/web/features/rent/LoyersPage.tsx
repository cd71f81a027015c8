import '../../lib/prime';
import '../staff/staff.css';
import './rent.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { NUMERO_RECU_MAX_LENGTH } from '../../../domain/limits';
import { fieldLabel } from '../../../domain/resources/labels';
import type { LoyerRow } from '../../../domain/schemas/rent';
import { errorId, FormField } from '../../components/FormField';
import { ExportButton } from '../../components/list/ExportButton';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { Modal } from '../../components/Modal';
import { Code } from '../../components/Code';
import { ApiError, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { formatFcfa } from '../assignment/money';
import { CiteChooser, useAssignmentScope } from '../assignment/CiteChooser';
import { encaisser, rentKeys, useAssignmentRent } from './api';
import { ReceiptButton } from './ReceiptButton';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';

const fcfa = (n: number) => fill(messages.montantFcfa, { montant: formatFcfa(n) });
const nom = (r: LoyerRow) => [r.nomEtudiant, r.prenomEtudiant].filter(Boolean).join(' ');
const amount = (key: 'duADate' | 'paye' | 'arriere' | 'solde'): ListColumn<LoyerRow> => ({
  key,
  header: fieldLabel(key),
  filter: false,
  className: 'amount-column',
  cell: (r) =>
    key === 'arriere' && r.arriere > 0 ? (
      <strong className="arrears" data-arriere={r.arriere}>
        {fcfa(r.arriere)}
      </strong>
    ) : (
      <span data-champ={key}>{fcfa(r[key])}</span>
    ),
});

const COLUMNS: ListColumn<LoyerRow>[] = [
  { key: 'ine', header: fieldLabel('ine'), cell: (r) => <Code>{r.ine}</Code> },
  { key: 'nomEtudiant', header: fieldLabel('nomEtudiant'), cell: (r) => r.nomEtudiant },
  { key: 'prenomEtudiant', header: fieldLabel('prenomEtudiant'), cell: (r) => r.prenomEtudiant },
  { key: 'nomCite', header: fieldLabel('nomCite'), cell: (r) => r.nomCite },
  {
    key: 'libelleChambre',
    header: fieldLabel('libelleChambre'),
    cell: (r) => (
      <>
        <Code>{r.libelleChambre}</Code> · <Code>{r.libelleLit}</Code>
        {r.annulee && <span className="rent-cancelled">{messages.loyerAnnulee}</span>}
      </>
    ),
  },
  amount('duADate'),
  amount('paye'),
  amount('arriere'),
  amount('solde'),
];

const dateFr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** « Paiements »: the assignment's payments received, each with its receipt (docs/rent.md#receipts). */
function PaymentsDialog({ row, onClose }: { row: LoyerRow; onClose: () => void }) {
  const rent = useAssignmentRent(row.idAffectation);
  return (
    <Modal
      title={fill(messages.loyersPaiementsDe, { nom: nom(row) })}
      onClose={onClose}
      testId="paiements-affectation"
      footer={
        <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
          <i className="pi pi-times" aria-hidden="true" />
          <span>{messages.fermer}</span>
        </button>
      }
    >
      {rent.isPending ? (
        <Loading />
      ) : rent.isError ? (
        <LoadFailure error={rent.error} onRetry={() => void rent.refetch()} />
      ) : rent.data.paiements.length === 0 ? (
        <p className="field-hint">{messages.monLoyerAucunPaiement}</p>
      ) : (
        <ul className="rent-payments">
          {rent.data.paiements.map((p) => (
            <li key={p.referencePaiement} data-reference={p.referencePaiement}>
              <span>
                <strong>{fcfa(p.montant)}</strong> · {dateFr(p.datePaiement)} · {p.libelleOperateur}
                {p.numeroRecu && (
                  <>
                    {' · '}
                    {fieldLabel('numeroRecu')} <Code>{p.numeroRecu}</Code>
                  </>
                )}
              </span>
              <ReceiptButton reference={p.referencePaiement} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** The cash dialog: the amount received and the receipt book's number, the server's refusals under the fields. */
function CashDialog({ row, onClose }: { row: LoyerRow; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [montant, setMontant] = useState(String(Math.max(0, row.arriere) || ''));
  const [numeroRecu, setNumeroRecu] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      encaisser({
        idAffectation: row.idAffectation,
        montant: Number(montant),
        numeroRecu: numeroRecu.trim(),
      }),
    onSuccess: (p) => {
      toast.success(
        fill(messages.loyerEncaissementReussi, { montant: fcfa(p.montant), numero: p.numeroRecu ?? '' }),
        undefined,
        WORKFLOW_LIFE,
      );
      onClose();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setErrors(fields);
      if (!Object.keys(fields).length) toast.failure(errorMessage(err));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentKeys.list() }),
        queryClient.invalidateQueries({ queryKey: rentKeys.all }),
      ]),
  });
  const close = useCallback(() => {
    if (!save.isPending) onClose();
  }, [save.isPending, onClose]);

  function submit(e?: FormEvent) {
    e?.preventDefault();
    const found: Record<string, string> = {};
    if (montant.trim() === '') found.montant = messages.champObligatoire;
    else if (!/^\d+$/.test(montant.trim()) || Number(montant) < 1)
      found.montant = messages.loyerMontantEntier;
    if (numeroRecu.trim() === '') found.numeroRecu = messages.champObligatoire;
    setErrors(found);
    if (!Object.keys(found).length) save.mutate();
  }

  return (
    <Modal
      title={fill(messages.loyerEncaisserDe, { nom: nom(row) })}
      onClose={close}
      testId="encaissement"
      footer={
        <>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={close}
            disabled={save.isPending}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.annuler}</span>
          </button>
          <button
            type="submit"
            form="encaissement-form"
            className="p-button p-component"
            disabled={save.isPending}
          >
            <i className={save.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{messages.loyerEnregistrer}</span>
          </button>
        </>
      }
    >
      <form id="encaissement-form" className="cash-form" onSubmit={submit} noValidate>
        <p className="field-hint">{fill(messages.loyerEncaissementAide, { solde: fcfa(row.solde) })}</p>
        <FormField
          id="encaissement-montant"
          label={messages.loyerChampMontant}
          required
          error={errors.montant}
        >
          <InputText
            id="encaissement-montant"
            inputMode="numeric"
            autoComplete="off"
            value={montant}
            onChange={(e) => setMontant(e.target.value.replace(/\s/g, ''))}
            invalid={Boolean(errors.montant)}
            aria-invalid={errors.montant ? true : undefined}
            aria-describedby={errors.montant ? errorId('encaissement-montant') : undefined}
          />
        </FormField>
        <FormField
          id="encaissement-recu"
          label={messages.loyerChampNumeroRecu}
          required
          error={errors.numeroRecu}
        >
          <InputText
            id="encaissement-recu"
            autoComplete="off"
            maxLength={NUMERO_RECU_MAX_LENGTH}
            value={numeroRecu}
            onChange={(e) => setNumeroRecu(e.target.value)}
            invalid={Boolean(errors.numeroRecu)}
            aria-invalid={errors.numeroRecu ? true : undefined}
            aria-describedby={errors.numeroRecu ? errorId('encaissement-recu') : undefined}
          />
        </FormField>
      </form>
    </Modal>
  );
}

function RentTable({ idSessionCenou, idCite }: { idSessionCenou: number; idCite: number | null }) {
  const [paying, setPaying] = useState<LoyerRow | null>(null);
  const [viewing, setViewing] = useState<LoyerRow | null>(null);
  const list = useServerList<LoyerRow>({
    key: rentKeys.list(),
    path: paths.api.loyer.liste,
    pageSize: 20,
    extra: { idSessionCenou, idCite: idCite ?? undefined },
    staleTime: 0,
  });
  return (
    <>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idAffectation"
        label={messages.loyersTitre}
        className="rent-table"
        toolbar={
          <>
            <ExportButton list={list} fileName="loyers.csv" format="csv" label={messages.exporterCsv} />
            <ExportButton list={list} fileName="loyers.xlsx" format="xlsx" label={messages.exporterExcel} />
            <ExportButton list={list} fileName="loyers.pdf" format="pdf" label={messages.exporterPdf} />
          </>
        }
        rowActions={(r) => (
          <>
            {r.solde > 0 && (
              <RowAction
                label={fill(messages.loyerEncaisserDe, { nom: nom(r) })}
                icon="pi pi-wallet"
                onClick={() => setPaying(r)}
              />
            )}
            {r.paye !== 0 && (
              <RowAction
                label={fill(messages.loyersVoirPaiementsDe, { nom: nom(r) })}
                icon="pi pi-receipt"
                onClick={() => setViewing(r)}
              />
            )}
          </>
        )}
      />
      {paying && <CashDialog row={paying} onClose={() => setPaying(null)} />}
      {viewing && <PaymentsDialog row={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/**
 * /loyers (docs/rent.md): for a session (the direction's open one by default) and, if chosen, a
 * cité, every assignment with what is due by today, paid, late and left to pay (the shared
 * server-paginated table, its filters and exports); 'Encaisser' records cash received at the
 * counter with the receipt book's number.
 */
export default function LoyersPage() {
  useDocumentTitle(messages.loyersTitre);
  const state = useAssignmentScope('rent.manage');
  const { idSessionCenou, idCite } = state.value;
  return (
    <section className="resource-screen rent-screen">
      <h1>{messages.loyersTitre}</h1>
      <p className="staff-intro">{messages.loyersIntro}</p>
      <p>
        <Link
          className="p-button p-component p-button-outlined"
          to={paths.rapprochement}
          data-testid="voir-rapprochement"
        >
          <i className="pi pi-calendar" aria-hidden="true" />
          <span>{messages.rapprochementVoir}</span>
        </Link>
      </p>
      <CiteChooser state={state} idPrefix="loyers" optional />
      {idSessionCenou !== null && <RentTable idSessionCenou={idSessionCenou} idCite={idCite} />}
    </section>
  );
}
