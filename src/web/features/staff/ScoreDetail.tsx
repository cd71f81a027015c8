import type { ValeurAnalyse } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { computeScore } from '../../../domain/score';
import { frenchNumber } from '../../../domain/format';
import { fill } from '../../lib/format';
import { formatMoyenne, useScoreInputs } from './api';
import type { DossierCritere } from './types';
import { LoadFailure } from '../../components/LoadFailure';
import { TableScroll } from '../../components/TableScroll';

/**
 * How the score is reached (src/domain/score.ts, docs/score.md): per criterion its coefficient, note
 * and analysis, the products that count, the divisor and the score with 2 decimals. On the
 * analysis form it follows the values being chosen, before anything is sent.
 */
export function ScoreDetail(props: {
  criteres: readonly DossierCritere[];
  /** The values to count (the form's choices; default the stored ones). */
  values?: Record<number, string>;
}) {
  const inputs = useScoreInputs();
  // A failed load says so and offers a retry, rather than leaving the breakdown out silently.
  if (inputs.isError) return <LoadFailure error={inputs.error} onRetry={() => void inputs.refetch()} />;
  if (!inputs.data) return null;
  const { types, notes } = inputs.data;
  const valueOf = (c: DossierCritere) =>
    (props.values ? props.values[c.idDossierCritere] : c.valeurAnalyse) || null;
  const score = computeScore(
    types,
    props.criteres.map((c) => ({
      idTypeCritere: c.idTypeCritere,
      idCritere: c.idCritere,
      libelleCritere: c.libelleCritere,
      libelleTypeCritere: c.libelleTypeCritere,
      note: notes.get(c.idCritere) ?? 0,
      valeurAnalyse: valueOf(c) as ValeurAnalyse | null,
    })),
  );
  return (
    <TableScroll label={messages.calculMoyenne}>
      <table className="stack-table score-table" data-testid="calcul-moyenne">
        <caption>{messages.calculMoyenne}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.colonneCritere}</th>
            <th scope="col">{messages.colonneAnalyse}</th>
            <th scope="col" className="numeric">
              {messages.colonneCoefficient}
            </th>
            <th scope="col" className="numeric">
              {messages.colonneNote}
            </th>
            <th scope="col" className="numeric">
              {messages.colonneProduit}
            </th>
          </tr>
        </thead>
        <tbody>
          {score.lignes.map((l) => (
            <tr key={`${l.idTypeCritere}-${l.idCritere}`}>
              <th scope="row">{l.libelleCritere}</th>
              <td data-label={messages.colonneAnalyse}>
                {l.valeurAnalyse ? enumLabel('valeurAnalyse', l.valeurAnalyse) : messages.nonAnalyse}
              </td>
              <td className="numeric" data-label={messages.colonneCoefficient}>
                {frenchNumber(l.coefficient)}
              </td>
              <td className="numeric" data-label={messages.colonneNote}>
                {frenchNumber(l.note)}
              </td>
              <td className="numeric" data-label={messages.colonneProduit}>
                {frenchNumber(l.produit)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {fill(messages.calculMoyenneFormule, {
                total: frenchNumber(score.total),
                diviseur: frenchNumber(score.diviseur),
              })}
            </th>
            <td className="numeric" data-testid="moyenne-calculee">
              {formatMoyenne(score.moyenne)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
