import '../../lib/prime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { NUMERO_RECU_MAX_LENGTH } from '../../../domain/limits';
import { errorId, FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { ApiError, errorMessage } from '../../lib/api';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { rentKeys } from './api';

/** What the staff typed: a whole amount of FCFA and a paper's number (receipt book, voucher, transfer). */
export interface MoneyInput {
  montant: number;
  numero: string;
}

/**
 * The one dialog of the counter's money (docs/rent.md#cash-at-the-counter, #refunds): an amount and
 * the number of the paper that goes with it, checked here for what the client can tell (required, a
 * whole number), then sent; the server's refusals under their fields (`fields` maps the server's
 * field names to this form's: `montant` and `numero`, and those of `children`), others in a toast.
 * The lists of rent are read again after it, whatever the outcome.
 */
export function MoneyDialog<T>({
  id,
  title,
  hint,
  montantLabel,
  numeroLabel,
  numeroField,
  submitLabel,
  initialMontant,
  onClose,
  send,
  success,
  extraErrors,
  children,
}: {
  /** The dialog's test id and the prefix of its fields' ids. */
  id: string;
  title: string;
  hint: string;
  montantLabel: string;
  numeroLabel: string;
  /** The server's name of the number's field (`numeroRecu`, `numeroPiece`). */
  numeroField: string;
  submitLabel: string;
  initialMontant: number;
  onClose: () => void;
  send: (input: MoneyInput) => Promise<T>;
  /** The toast once recorded. */
  success: (answer: T) => string;
  /** Checks of the fields in `children`, by the server's field name (empty when fine). */
  extraErrors?: () => Record<string, string>;
  /** More fields, between the amount and the number; given the errors by the server's field name. */
  children?: (errors: Record<string, string>) => ReactNode;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [montant, setMontant] = useState(initialMontant > 0 ? String(initialMontant) : '');
  const [numero, setNumero] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => send({ montant: Number(montant), numero: numero.trim() }),
    onSuccess: (answer) => {
      toast.success(success(answer), undefined, WORKFLOW_LIFE);
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
    const found: Record<string, string> = { ...extraErrors?.() };
    if (montant.trim() === '') found.montant = messages.champObligatoire;
    else if (!/^\d+$/.test(montant.trim()) || Number(montant) < 1)
      found.montant = messages.loyerMontantEntier;
    if (numero.trim() === '') found[numeroField] = messages.champObligatoire;
    setErrors(found);
    if (!Object.keys(found).length) save.mutate();
  }

  const formId = `${id}-form`;
  const montantId = `${id}-montant`;
  const numeroId = `${id}-numero`;
  return (
    <Modal
      title={title}
      onClose={close}
      testId={id}
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
          <button type="submit" form={formId} className="p-button p-component" disabled={save.isPending}>
            <i className={save.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{submitLabel}</span>
          </button>
        </>
      }
    >
      <form id={formId} className="cash-form" onSubmit={submit} noValidate>
        <p className="field-hint">{hint}</p>
        <FormField id={montantId} label={montantLabel} required error={errors.montant}>
          <InputText
            id={montantId}
            inputMode="numeric"
            autoComplete="off"
            value={montant}
            onChange={(e) => setMontant(e.target.value.replace(/\s/g, ''))}
            invalid={Boolean(errors.montant)}
            aria-invalid={errors.montant ? true : undefined}
            aria-describedby={errors.montant ? errorId(montantId) : undefined}
          />
        </FormField>
        {children?.(errors)}
        <FormField id={numeroId} label={numeroLabel} required error={errors[numeroField]}>
          <InputText
            id={numeroId}
            autoComplete="off"
            maxLength={NUMERO_RECU_MAX_LENGTH}
            value={numero}
            onChange={(e) => setNumero(e.target.value)}
            invalid={Boolean(errors[numeroField])}
            aria-invalid={errors[numeroField] ? true : undefined}
            aria-describedby={errors[numeroField] ? errorId(numeroId) : undefined}
          />
        </FormField>
      </form>
    </Modal>
  );
}
