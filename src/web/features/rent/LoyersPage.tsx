import '../../lib/prime';
import '../staff/staff.css';
import './rent.css';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/resources/labels';
import type { LoyerRow, RefundAnswer } from '../../../domain/schemas/rent';
import { errorId, FormField } from '../../components/FormField';
import { ExportButtons } from '../../components/list/ExportButton';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { Modal } from '../../components/Modal';
import { Code } from '../../components/Code';
import { HIDDEN_SELECT_PT } from '../../components/dropdownPt';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { CiteChooser, useAssignmentScope } from '../assignment/CiteChooser';
import {
  encaisser,
  rembourser,
  rentKeys,
  useAssignmentRent,
  useRefundOperators,
  useRentSessions,
} from './api';
import { MoneyDialog } from './MoneyDialog';
import { AssignmentEnd, RentHistory } from './RentHistory';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { formatFcfa } from '../../../domain/money';
import { fullName } from '../../../domain/format';

const nom = (r: LoyerRow) => fullName(r.nomEtudiant, r.prenomEtudiant);
const amount = (key: 'duADate' | 'paye' | 'arriere' | 'solde'): ListColumn<LoyerRow> => ({
  key,
  header: fieldLabel(key),
  filter: false,
  className: 'amount-column',
  cell: (r) =>
    key === 'arriere' && r.arriere > 0 ? (
      <strong className="arrears" data-arriere={r.arriere}>
        {formatFcfa(r.arriere, { unit: true })}
      </strong>
    ) : key === 'solde' && r.solde < 0 ? (
      // Never a negative « reste à payer »: an overpayment to refund (docs/rent.md#refunds).
      <span data-champ={key} className="rent-credit">
        {fill(messages.tropPercuMontant, { montant: formatFcfa(-r.solde, { unit: true }) })}
      </span>
    ) : (
      <span data-champ={key}>{formatFcfa(r[key], { unit: true })}</span>
    ),
});

const COLUMNS: ListColumn<LoyerRow>[] = [
  { key: 'ine', header: fieldLabel('ine'), cell: (r) => <Code>{r.ine}</Code> },
  { key: 'nomEtudiant', header: fieldLabel('nomEtudiant'), cell: (r) => r.nomEtudiant },
  { key: 'prenomEtudiant', header: fieldLabel('prenomEtudiant'), cell: (r) => r.prenomEtudiant },
  // The cité and the bed in one column (the cité is also chosen above the table): every column
  // fits at 1366 px beside the frozen actions (docs/rent.md#screens).
  {
    key: 'nomCite',
    header: messages.loyersColonneLogement,
    cell: (r) => (
      <span className="rent-place">
        <span>{r.nomCite}</span>
        <span>
          <Code>{r.libelleChambre}</Code> · <Code>{r.libelleLit}</Code>
        </span>
        <AssignmentEnd dateDepart={r.dateDepart} annulation={r.annulation} />
      </span>
    ),
  },
  amount('duADate'),
  amount('paye'),
  amount('arriere'),
  amount('solde'),
];

/** « Paiements »: the assignment's payments received, each with its receipt, and its refunds (docs/rent.md#receipts). */
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
      ) : (
        <RentHistory rent={rent.data} />
      )}
    </Modal>
  );
}

/** The cash dialog: the amount received and the receipt book's number, the server's refusals under the fields. */
function CashDialog({ row, onClose }: { row: LoyerRow; onClose: () => void }) {
  return (
    <MoneyDialog
      id="encaissement"
      title={fill(messages.loyerEncaisserDe, { nom: nom(row) })}
      hint={fill(messages.loyerEncaissementAide, { solde: formatFcfa(row.solde, { unit: true }) })}
      montantLabel={messages.loyerChampMontant}
      numeroLabel={messages.loyerChampNumeroRecu}
      numeroField="numeroRecu"
      submitLabel={messages.loyerEnregistrer}
      initialMontant={Math.max(0, row.arriere)}
      onClose={onClose}
      send={({ montant, numero }) =>
        encaisser({ idAffectation: row.idAffectation, montant, numeroRecu: numero })
      }
      success={(p) =>
        fill(messages.loyerEncaissementReussi, {
          montant: formatFcfa(p.montant, { unit: true }),
          numero: p.numeroRecu ?? '',
        })
      }
    />
  );
}

const CASH = 0;

/**
 * The refund dialog (docs/rent.md#refunds): a credit paid back, at most what the student holds; in
 * cash at the counter (the default) or through an operator, then the number it reached; the
 * voucher's number or the transfer's reference.
 */
function RefundDialog({ row, onClose }: { row: LoyerRow; onClose: () => void }) {
  const operators = useRefundOperators();
  const [idOperateur, setIdOperateur] = useState<number>(CASH);
  const [telephone, setTelephone] = useState('');
  const chosen = operators.data?.find((o) => o.idOperateur === idOperateur);
  const mobile = chosen?.codeTypePaiement === 'MOBILE_MONEY';
  const options = [
    { label: messages.loyerMoyenEspeces, value: CASH },
    ...(operators.data ?? []).map((o) => ({ label: o.libelleOperateur, value: o.idOperateur })),
  ];
  return (
    <MoneyDialog
      id="remboursement"
      title={fill(messages.loyerRembourserDe, { nom: nom(row) })}
      hint={fill(messages.loyerRemboursementAide, { credit: formatFcfa(-row.solde, { unit: true }) })}
      montantLabel={messages.loyerChampMontantRembourse}
      numeroLabel={messages.loyerChampNumeroPiece}
      numeroField="numeroPiece"
      submitLabel={messages.loyerEnregistrerRemboursement}
      initialMontant={-row.solde}
      onClose={onClose}
      extraErrors={(): Record<string, string> =>
        mobile && telephone.trim() === '' ? { telephone: messages.loyerRemboursementTelephoneRequis } : {}
      }
      send={({ montant, numero }) =>
        rembourser({
          idAffectation: row.idAffectation,
          montant,
          numeroPiece: numero,
          idOperateur: idOperateur === CASH ? null : idOperateur,
          telephone: mobile ? telephone.trim() : null,
        })
      }
      success={(r: RefundAnswer) =>
        fill(messages.loyerRemboursementReussi, {
          montant: formatFcfa(r.montant, { unit: true }),
          numero: r.numeroPiece,
        })
      }
    >
      {(errors) => (
        <>
          <FormField
            id="remboursement-moyen"
            label={messages.loyerChampMoyen}
            required
            error={errors.idOperateur}
          >
            <Dropdown
              pt={HIDDEN_SELECT_PT}
              inputId="remboursement-moyen"
              value={idOperateur}
              options={options}
              onChange={(e) => setIdOperateur((e.value as number | null | undefined) ?? CASH)}
              placeholder={messages.choisir}
              loading={operators.isFetching}
              invalid={Boolean(errors.idOperateur)}
            />
          </FormField>
          {mobile && (
            <FormField
              id="remboursement-telephone"
              label={messages.loyerChampTelephone}
              required
              error={errors.telephone}
            >
              <InputText
                id="remboursement-telephone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={telephone}
                onChange={(e) => setTelephone(e.target.value)}
                invalid={Boolean(errors.telephone)}
                aria-invalid={errors.telephone ? true : undefined}
                aria-describedby={errors.telephone ? errorId('remboursement-telephone') : undefined}
              />
            </FormField>
          )}
        </>
      )}
    </MoneyDialog>
  );
}

function RentTable({ idSessionCenou, idCite }: { idSessionCenou: number; idCite: number | null }) {
  const [paying, setPaying] = useState<LoyerRow | null>(null);
  const [refunding, setRefunding] = useState<LoyerRow | null>(null);
  const [viewing, setViewing] = useState<LoyerRow | null>(null);
  // The search is in the address (`/loyers?q=…`): a link or a reload opens the list searched.
  const [params, setParams] = useSearchParams();
  const list = useServerList({
    key: rentKeys.list(),
    path: '/campus/loyer',
    pageSize: 20,
    extra: { idSessionCenou, idCite: idCite ?? undefined },
    staleTime: 0,
    initialSearch: params.get('q') ?? '',
  });
  const searched = list.params.q ?? '';
  useEffect(() => {
    if ((params.get('q') ?? '') === searched) return;
    const next = new URLSearchParams(params);
    if (searched) next.set('q', searched);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [searched, params, setParams]);
  return (
    <>
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="idAffectation"
        label={messages.loyersTitre}
        className="rent-table"
        toolbar={<ExportButtons list={list} name="loyers" formats={['csv', 'xlsx', 'pdf']} />}
        rowActions={(r) => (
          <>
            {r.solde > 0 && (
              <RowAction
                label={fill(messages.loyerEncaisserDe, { nom: nom(r) })}
                icon="pi pi-wallet"
                onClick={() => setPaying(r)}
              />
            )}
            {r.solde < 0 && (
              <RowAction
                label={fill(messages.loyerRembourserDe, { nom: nom(r) })}
                icon="pi pi-replay"
                onClick={() => setRefunding(r)}
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
      {refunding && <RefundDialog row={refunding} onClose={() => setRefunding(null)} />}
      {viewing && <PaymentsDialog row={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/**
 * /loyers (docs/rent.md#screens): for a session (by default the direction's newest that has
 * assignments, the open one first: `GET campus/loyer/sessions`; a central manager's direction its
 * own if it has one, else the newest's) and, if chosen, a cité (all by default), every
 * assignment with what is due by today, paid, late and left to pay (the shared server-paginated
 * table, its filters and exports); 'Encaisser' records cash received at the counter with the
 * receipt book's number, 'Rembourser' pays back a credit.
 */
export default function LoyersPage() {
  useDocumentTitle(messages.loyersTitre);
  const rentSessions = useRentSessions();
  const preferred = useMemo(
    () => ({ sessions: rentSessions.isError ? null : rentSessions.data }),
    [rentSessions.data, rentSessions.isError],
  );
  const state = useAssignmentScope('rent.manage', preferred);
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
