import '../../lib/prime';
import './rent.css';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { fieldLabel } from '../../../domain/resources/labels';
import type { StudentRent } from '../../../domain/schemas/rent';
import { Code, fillNodes } from '../../components/Code';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { TableScroll } from '../../components/TableScroll';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useMyRent } from './api';
import { payAhead, payLink } from './due';
import { frenchDay } from '../../../domain/format';
import { AssignmentEnd, RentHistory } from './RentHistory';
import { formatFcfa } from '../../../domain/money';

/**
 * The four sums of an assignment's rent, as cards. A balance below zero is no « reste à payer »
 * but an overpayment the CENOU pays back (docs/rent.md#refunds): the last card says so.
 */
function Totals({ r }: { r: StudentRent }) {
  const items: [string, string, number, string?][] = [
    ['duADate', fieldLabel('duADate'), r.duADate],
    ['paye', fieldLabel('paye'), r.paye],
    ['arriere', fieldLabel('arriere'), r.arriere, r.arriere > 0 ? 'is-late' : undefined],
    r.solde < 0
      ? ['credit', messages.tropPercuARembourser, -r.solde, 'is-credit']
      : ['solde', fieldLabel('solde'), r.solde],
  ];
  return (
    <dl className="rent-totals">
      {items.map(([key, label, value, extra]) => (
        <div key={key} className={extra}>
          <dt>{label}</dt>
          <dd data-champ={key}>{formatFcfa(value, { unit: true })}</dd>
        </div>
      ))}
    </dl>
  );
}

type Line = { montant: number; paye: number; reste: number };
const sum = (lines: readonly Line[], k: keyof Line) => lines.reduce((s, l) => s + l[k], 0);

function RentCard({ r }: { r: StudentRent }) {
  // Every line the balance is made of: the instalments and the damage charged at departure.
  const lines: Line[] = [...r.echeances, ...r.chargesDegradation];
  // Nothing late: the payment offered goes to the next instalment, and says so.
  const ahead = payAhead(r);
  return (
    <article className="card rent-card" data-testid="mon-loyer" data-affectation={r.idAffectation}>
      <h2>
        {fillNodes(messages.monLoyerLogement, {
          cite: r.nomCite,
          chambre: <Code>{r.libelleChambre}</Code>,
          lit: <Code>{r.libelleLit}</Code>,
          annee: <span className="nowrap">{r.anneeAcademique}</span>,
        })}
      </h2>
      <p className="field-hint">
        {fill(messages.monLoyerMensuel, { montant: formatFcfa(r.montantChambre, { unit: true }) })}
        <AssignmentEnd dateDepart={r.dateDepart} annulation={r.annulation} />
      </p>
      <Totals r={r} />
      {r.payable && (
        <>
          {ahead !== null && (
            <p className="field-hint" data-testid="paiement-avance">
              {ahead}
            </p>
          )}
          <p className="rent-pay">
            <Link className="p-button p-component" data-testid="payer-loyer" to={payLink(r)}>
              <i className="pi pi-mobile" aria-hidden="true" />
              <span>{messages.monLoyerPayer}</span>
            </Link>
          </p>
        </>
      )}
      {r.solde === 0 && !r.annulee && (
        <p className="field-hint" data-testid="rien-a-payer">
          {fill(messages.monLoyerRienAPayer, { annee: r.anneeAcademique })}
        </p>
      )}
      {r.solde < 0 && (
        <p className="field-hint" data-testid="credit">
          {fill(messages.monLoyerTropPercu, { montant: formatFcfa(-r.solde, { unit: true }) })}
        </p>
      )}
      <h3>{messages.monLoyerEcheances}</h3>
      {r.dateDepart && (
        <p className="field-hint" data-testid="echeances-depart">
          {messages.monLoyerDepartEcheances}
        </p>
      )}
      {/* Numbered over the academic year: a student housed after its start owes none before its bed. */}
      {r.echeances.length > 0 && r.echeances[0].numero > 1 && (
        <p className="field-hint" data-testid="echeances-avant-arrivee">
          {r.echeances[0].numero === 2
            ? messages.monLoyerEcheancesAvantArriveeUne
            : fill(messages.monLoyerEcheancesAvantArrivee, { dernier: r.echeances[0].numero - 1 })}
        </p>
      )}
      <TableScroll label={messages.monLoyerEcheances}>
        <table className="stack-table rent-instalments">
          <thead>
            <tr>
              <th scope="col">{fieldLabel('numero')}</th>
              <th scope="col">{fieldLabel('dateEcheance')}</th>
              <th scope="col" className="amount-column">
                {fieldLabel('montant')}
              </th>
              <th scope="col" className="amount-column">
                {fieldLabel('paye')}
              </th>
              <th scope="col" className="amount-column">
                {fieldLabel('reste')}
              </th>
              <th scope="col">{fieldLabel('statutEcheance')}</th>
            </tr>
          </thead>
          <tbody>
            {r.echeances.map((e) => (
              <tr key={e.numero} data-statut={e.statut}>
                <td data-label={fieldLabel('numero')}>{e.numero}</td>
                <td data-label={fieldLabel('dateEcheance')}>{frenchDay(e.dateEcheance)}</td>
                <td className="amount-column" data-label={fieldLabel('montant')} data-colonne="montant">
                  {formatFcfa(e.montant)}
                  {e.montant !== r.montantChambre && (
                    <span className="rent-note" data-testid="tarif-precedent">
                      {messages.monLoyerTarifPrecedent}
                    </span>
                  )}
                </td>
                <td className="amount-column" data-label={fieldLabel('paye')} data-colonne="paye">
                  {formatFcfa(e.paye)}
                </td>
                <td className="amount-column" data-label={fieldLabel('reste')} data-colonne="reste">
                  {formatFcfa(e.reste)}
                </td>
                <td data-label={fieldLabel('statutEcheance')}>
                  <span className={`rent-status rent-status-${e.statut.toLowerCase()}`}>
                    {enumLabel('statutEcheance', e.statut)}
                  </span>
                </td>
              </tr>
            ))}
            {r.chargesDegradation.map((c) => (
              <tr
                key={`d-${c.reference}`}
                className="rent-charge"
                data-statut={c.statut}
                data-testid="ligne-degradation"
              >
                {/* Its name and reference are the line's title, under no column's name (on a phone,
                    « N° » above « Dégradations » read as its number). */}
                <th scope="row">
                  {messages.monLoyerDegradation}
                  {c.reference && (
                    <span className="rent-note">
                      {fill(messages.monLoyerDegradationReference, { reference: c.reference })}
                    </span>
                  )}
                </th>
                <td data-label={fieldLabel('dateEcheance')}>{frenchDay(c.dateCharge)}</td>
                <td className="amount-column" data-label={fieldLabel('montant')} data-colonne="montant">
                  {formatFcfa(c.montant)}
                </td>
                <td className="amount-column" data-label={fieldLabel('paye')} data-colonne="paye">
                  {formatFcfa(c.paye)}
                </td>
                <td className="amount-column" data-label={fieldLabel('reste')} data-colonne="reste">
                  {formatFcfa(c.reste)}
                </td>
                <td data-label={fieldLabel('statutEcheance')}>
                  <span className={`rent-status rent-status-${c.statut.toLowerCase()}`}>
                    {enumLabel('statutEcheance', c.statut)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="total-lignes">
              <th scope="row" data-label={fieldLabel('numero')}>
                {messages.monLoyerTotal}
              </th>
              <td aria-hidden="true" className="rent-total-blank" />
              <td className="amount-column" data-label={fieldLabel('montant')} data-colonne="montant">
                {formatFcfa(sum(lines, 'montant'))}
              </td>
              <td className="amount-column" data-label={fieldLabel('paye')} data-colonne="paye">
                {formatFcfa(sum(lines, 'paye'))}
              </td>
              <td className="amount-column" data-label={fieldLabel('reste')} data-colonne="reste">
                {formatFcfa(sum(lines, 'reste'))}
              </td>
              <td aria-hidden="true" className="rent-total-blank" />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <RentHistory rent={r} paymentsHeading />
    </article>
  );
}

/**
 * /mon-loyer (docs/rent.md): the student's rent per assignment — what is due by today, paid, late
 * and left (or the overpayment to be refunded, and where); each instalment with its amount (one
 * billed at the previous room's price before a move says so), what was paid on it (oldest first)
 * and its state, as a card on a phone; the payments
 * received and the refunds (a credit paid back). « Payer par mobile money » opens /paiement for an assignment still owing (live, or
 * ended by a departure: its last months' rent and its damage), with
 * what is late (or one month) as the amount; a payment recorded shows among those received.
 */
export default function MonLoyerPage() {
  useDocumentTitle(messages.monLoyerTitre);
  const rent = useMyRent();
  return (
    <section className="rent-student">
      <h1>{messages.monLoyerTitre}</h1>
      {rent.isPending ? (
        <Loading />
      ) : rent.isError ? (
        <LoadFailure error={rent.error} onRetry={() => void rent.refetch()} />
      ) : rent.data.length === 0 ? (
        <p className="field-hint" data-testid="aucun-loyer">
          {messages.monLoyerAucun}
        </p>
      ) : (
        rent.data.map((r) => <RentCard key={r.idAffectation} r={r} />)
      )}
    </section>
  );
}
