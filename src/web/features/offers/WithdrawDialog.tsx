import './offers.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MOTIFS_RETRAIT, REPONSES_OFFRE, type MotifRetrait, type ReponseOffre } from '../../../domain/enums';
import { WITHDRAWAL_COMMENT_MAX_LENGTH } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { withdrawalRefusal } from '../../../domain/workflow';
import { errorId, FormField } from '../../components/FormField';
import { LIST } from '../../components/list/useServerList';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { offerKeys, retirer } from './api';

const isReponse = (v: string | null | undefined): v is ReponseOffre =>
  (REPONSES_OFFRE as readonly string[]).includes(v ?? '');

/** Whether an admission in this state may be withdrawn (waiting for its answer, or accepted). */
export const withdrawable = (reponse: string | null | undefined) =>
  isReponse(reponse) && withdrawalRefusal(reponse, 'DESISTEMENT') === null;

/**
 * The withdrawal of an admission (docs/offers.md): the reason among the five (French labels, a
 * native `<select>`: a PrimeReact overlay would sit under the native modal), a comment required
 * for 'Autre', the consequences said before 'Confirmer le retrait'. The server's refusal shows in
 * the dialog; a success reloads the admissible list and the counts.
 */
export function WithdrawDialog(props: {
  idDossier: number;
  nom: string;
  reponse: string | null | undefined;
  onClose: () => void;
}) {
  const { idDossier, nom, onClose } = props;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [motif, setMotif] = useState<MotifRetrait | ''>('');
  const [commentaire, setCommentaire] = useState('');
  const [errors, setErrors] = useState<{ motif?: string; commentaire?: string; server?: string }>({});

  const withdraw = useMutation({
    mutationFn: (m: MotifRetrait) => retirer(idDossier, m, commentaire),
    onSuccess: () => {
      toast.success(fill(messages.retraitEffectue, { nom }), undefined, WORKFLOW_LIFE);
      onClose();
    },
    onError: (err) => {
      setErrors({ server: errorMessage(err) });
      toast.failure(errorMessage(err));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [LIST, 'admis'] }),
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
      ]),
  });

  const close = useCallback(() => {
    if (!withdraw.isPending) onClose();
  }, [withdraw.isPending, onClose]);

  const submit = () => {
    if (!motif) return setErrors({ motif: messages.motifRequis });
    const refusal = withdrawalRefusal(
      isReponse(props.reponse) ? props.reponse : 'EN_ATTENTE',
      motif,
      commentaire,
    );
    if (refusal === 'retraitCommentaireRequis') return setErrors({ commentaire: messages[refusal] });
    if (refusal) return setErrors({ server: messages[refusal] });
    setErrors({});
    withdraw.mutate(motif);
  };

  return (
    <Modal
      title={fill(messages.retirerAdmission, { nom })}
      onClose={close}
      role="alertdialog"
      testId="retrait"
      footer={
        <>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={close}
            disabled={withdraw.isPending}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{messages.annuler}</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-danger"
            onClick={submit}
            disabled={withdraw.isPending}
          >
            <i
              className={withdraw.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-user-minus'}
              aria-hidden="true"
            />
            <span>{messages.confirmerRetrait}</span>
          </button>
        </>
      }
    >
      <div className="withdraw-form">
        <p className="confirm-text">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
          {fill(messages.retraitTexte, { nom })}
        </p>
        <FormField id="retrait-motif" label={messages.champMotifRetrait} required error={errors.motif}>
          <select
            id="retrait-motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value as MotifRetrait | '')}
            aria-invalid={errors.motif ? true : undefined}
            aria-describedby={errors.motif ? errorId('retrait-motif') : undefined}
            autoFocus
          >
            <option value="">{messages.choisirMotif}</option>
            {MOTIFS_RETRAIT.map((m) => (
              <option key={m} value={m}>
                {enumLabel('motif', m)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="retrait-commentaire"
          label={messages.champCommentaireRetrait}
          required={motif === 'AUTRE'}
          hint={messages.commentaireRetraitAide}
          error={errors.commentaire}
        >
          <textarea
            id="retrait-commentaire"
            rows={3}
            maxLength={WITHDRAWAL_COMMENT_MAX_LENGTH}
            value={commentaire}
            onChange={(e) => setCommentaire(e.target.value)}
            aria-invalid={errors.commentaire ? true : undefined}
            aria-describedby={
              errors.commentaire ? errorId('retrait-commentaire') : 'retrait-commentaire-aide'
            }
          />
        </FormField>
        {errors.server && (
          <p className="error-text" role="alert" data-testid="retrait-erreur">
            {errors.server}
          </p>
        )}
      </div>
    </Modal>
  );
}
