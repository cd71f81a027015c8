import './messages.css';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import type { MessageCounts as Counts } from '../../../domain/schemas/messages';
import { LoadFailure } from '../../components/LoadFailure';
import { TableScroll } from '../../components/TableScroll';
import { frenchInteger } from '../../lib/format';
import { fetchMessageCounts, messageKeys } from './api';

const COLUMNS: { key: keyof Omit<Counts[number], 'canal'>; label: string }[] = [
  { key: 'enAttente', label: enumLabel('etatMessage', 'EN_ATTENTE') },
  { key: 'envoye', label: enumLabel('etatMessage', 'ENVOYE') },
  { key: 'delivre', label: enumLabel('etatMessage', 'DELIVRE') },
  { key: 'echec', label: enumLabel('etatMessage', 'ECHEC') },
  { key: 'total', label: messages.colonneTotal },
];

/**
 * The session's mails and SMS by state (`GET campus/messages/compteurs`): one row per channel, a
 * small table above the admissible list; read again on focus.
 */
export function MessageCounts({
  idSessionCenou,
  idDirection,
}: {
  idSessionCenou: number;
  idDirection: number;
}) {
  const query = useQuery({
    queryKey: messageKeys.compteurs(idSessionCenou, idDirection),
    queryFn: ({ signal }) => fetchMessageCounts(idSessionCenou, idDirection, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="message-counts" data-testid="compteurs-messages" aria-busy={query.isPending}>
      {/* The title stays in view above the table, which alone scrolls sideways on a phone. */}
      <p className="message-counts-title" id="compteurs-messages-titre">
        {messages.compteursMessagesTitre}
      </p>
      <TableScroll label={messages.compteursMessagesTitre}>
        <table aria-labelledby="compteurs-messages-titre">
          <thead>
            <tr>
              <th scope="col">{messages.colonneCanal}</th>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(query.data ?? []).map((row) => (
              <tr key={row.canal} data-canal={row.canal}>
                <th scope="row">{enumLabel('canal', row.canal)}</th>
                {COLUMNS.map((c) => (
                  <td key={c.key} data-etat={c.key}>
                    {frenchInteger(row[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
