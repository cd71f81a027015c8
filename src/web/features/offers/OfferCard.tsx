import './offers.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ReponseEtudiant } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { SMS_ACCEPTE, SMS_NUMERO_REPONSE, SMS_REFUSE } from '../../../domain/sms-answer';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { delibKeys } from '../deliberation/api';
import { dossierKeys } from '../dossier/api';
import { offerKeys, repondre } from './api';
import { ouagaDateTime, timeLeft } from './time';
import { useNow } from './useNow';

const CONFIRM: Record<ReponseEtudiant, { title: string; text: string; yes: string; done: string }> = {
  ACCEPTE: {
    title: messages.accepterPlaceTitre,
    text: messages.accepterPlaceTexte,
    yes: messages.ouiAccepter,
    done: messages.placeAcceptee,
  },
  REFUSE: {
    title: messages.renoncerPlaceTitre,
    text: messages.renoncerPlaceTexte,
    yes: messages.ouiRenoncer,
    done: messages.placeRefusee,
  },
};

/**
 * How to answer by SMS instead: the number and the two texts to send, each kept on one line (a
 * reference cut at its hyphen would be read as two).
 */
function SmsAnswerHint({ referenceDossier }: { referenceDossier: string }) {
  const commands: Record<string, string> = {
    numero: SMS_NUMERO_REPONSE,
    oui: `${SMS_ACCEPTE} ${referenceDossier}`,
    non: `${SMS_REFUSE} ${referenceDossier}`,
  };
  // Each placeholder with the marks around it (« … ») stays on one line.
  const parts = messages.offreParSms.split(/([^ ]*\{(?:numero|oui|non)\}[^ ]*)/);
  return (
    <p className="offer-sms" data-testid="reponse-sms">
      <i className="pi pi-mobile" aria-hidden="true" />{' '}
      {parts.map((part, i) => {
        const m = /^(.*)\{(numero|oui|non)\}(.*)$/.exec(part);
        if (!m) return part;
        return (
          <span key={i} className="sms-command">
            {m[1]}
            <strong>{commands[m[2]]}</strong>
            {m[3]}
          </span>
        );
      })}
    </p>
  );
}

/**
 * An admitted student's offer still waiting for its answer (docs/offers.md): the deadline in
 * Ouagadougou's time and the time left (renewed each minute), 'Accepter la place' and 'Renoncer à
 * la place', each behind a confirmation saying what it means, and how to answer by SMS instead
 * (`OUI <référence>` / `NON <référence>` to the number, docs/messages.md#answers-by-sms). After the answer (or the server's
 * refusal: too late, already answered) the result, the dossier list and the history are read again.
 */
export function OfferCard({
  idDossier,
  referenceDossier,
  dateLimiteReponse,
}: {
  idDossier: number;
  /** What an answer by SMS names (`OUI <référence>`). */
  referenceDossier: string;
  dateLimiteReponse: string | null;
}) {
  const now = useNow();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ReponseEtudiant | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = useMutation({
    mutationFn: (reponse: ReponseEtudiant) => repondre(idDossier, reponse),
    onSuccess: (_data, reponse) => {
      setError(null);
      toast.success(CONFIRM[reponse].done, undefined, WORKFLOW_LIFE);
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast.failure(errorMessage(err));
    },
    onSettled: () => {
      setAsking(null);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: delibKeys.resultat(idDossier) }),
        queryClient.invalidateQueries({ queryKey: dossierKeys.all }),
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
      ]);
    },
  });

  const close = useCallback(() => {
    if (!answer.isPending) setAsking(null);
  }, [answer.isPending]);

  const left = timeLeft(dateLimiteReponse, now);
  const confirm = asking ? CONFIRM[asking] : null;

  return (
    <section className="result-card offer-card" aria-labelledby={`offre-${idDossier}`} data-testid="offre">
      <h3 id={`offre-${idDossier}`}>{messages.offreTitre}</h3>
      <p>{messages.offreTexte}</p>
      {dateLimiteReponse && (
        <p className="offer-deadline" data-testid="date-limite">
          <i className="pi pi-clock" aria-hidden="true" />{' '}
          {fill(messages.offreDateLimite, { date: ouagaDateTime(dateLimiteReponse) })}
        </p>
      )}
      <p className="offer-left" data-testid="temps-restant" aria-live="polite">
        {left ?? messages.offreDelaiDepasse}
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {left && (
        <div className="offer-actions">
          <button type="button" className="p-button p-component" onClick={() => setAsking('ACCEPTE')}>
            <i className="pi pi-check" aria-hidden="true" />
            <span>{messages.accepterPlace}</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-danger"
            onClick={() => setAsking('REFUSE')}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.renoncerPlace}</span>
          </button>
        </div>
      )}
      {left && <SmsAnswerHint referenceDossier={referenceDossier} />}
      {asking && confirm && (
        <ConfirmDialog
          title={confirm.title}
          testId="confirmation-offre"
          warning
          cancelLabel={messages.annuler}
          confirmLabel={confirm.yes}
          danger={asking === 'REFUSE'}
          pending={answer.isPending}
          onCancel={close}
          onConfirm={() => answer.mutate(asking)}
        >
          {confirm.text}
        </ConfirmDialog>
      )}
    </section>
  );
}
