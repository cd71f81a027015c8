import './messages.css';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { phoneMessages } from '../../../domain/messages-phone';
import { phoneForDisplay } from '../../../domain/phone';
import { withCodes } from '../../components/Code';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { fill } from '../../lib/format';
import { ouagaDateTimeShort } from '../offers/time';
import { fetchDossierPhone, phoneKeys } from '../phone/api';
import { phoneLine } from '../phone/phoneLine';
import { fetchDossierMessages, messageKeys } from './api';

/**
 * The number a dossier's student gets its SMS at, and whether the student verified it or it is the
 * registry's (`GET campus/dossier/{id}/telephone`, decision 030).
 */
function DossierPhone({ idDossier }: { idDossier: number }) {
  const query = useQuery({
    queryKey: phoneKeys.dossier(idDossier),
    queryFn: ({ signal }) => fetchDossierPhone(idDossier, signal),
    staleTime: 0,
  });
  if (!query.data) return null;
  const p = query.data;
  return (
    <p className="sent-phone" data-testid="telephone-sms" data-source={p.source ?? ''}>
      {p.telephone ? phoneLine(p) : phoneMessages.telephoneSmsAucun}
      {p.source === 'VERIFIE' && p.telephoneRegistre && (
        <span className="sent-meta">
          {' · '}
          {fill(phoneMessages.telephoneRegistreEtudiant, { telephone: phoneForDisplay(p.telephoneRegistre) })}
        </span>
      )}
    </p>
  );
}

/**
 * The mails and SMS sent to a dossier's student (`GET campus/dossier/{id}/messages`), oldest
 * first, each with its channel, kind, state (queued, sent, delivered, failed), recipient, subject
 * or text, and its error; below the dossier's history on the staff's consultation page. Above
 * them, the number the SMS go to and whether the student verified it.
 */
export function DossierMessages({ idDossier }: { idDossier: number }) {
  const query = useQuery({
    queryKey: messageKeys.dossier(idDossier),
    queryFn: ({ signal }) => fetchDossierMessages(idDossier, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const titleId = `messages-${idDossier}`;
  return (
    <section className="sent-messages" aria-labelledby={titleId} data-testid="messages-envoyes">
      <h2 id={titleId}>{messages.messagesEnvoyesTitre}</h2>
      <DossierPhone idDossier={idDossier} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{messages.messagesEnvoyesVide}</p>
      ) : (
        <ol className="sent-list">
          {query.data.map((m, i) => (
            <li key={i} data-canal={m.canal} data-type={m.type}>
              <div className="sent-head">
                <time dateTime={m.dateCreation}>{ouagaDateTimeShort(m.dateCreation)}</time>
                <strong>
                  {enumLabel('canal', m.canal)} · {enumLabel('typeMessage', m.type)}
                </strong>
                <span className="sent-state" data-etat={m.etat}>
                  {enumLabel('etatMessage', m.etat)}
                </span>
              </div>
              <span>{withCodes(m.contenu)}</span>
              <span className="sent-meta">
                {fill(messages.messageDestinataire, { destinataire: m.destinataire })}
              </span>
              {m.erreur && (
                <span className="sent-meta">{fill(messages.messageErreur, { erreur: m.erreur })}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
