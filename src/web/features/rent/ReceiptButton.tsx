import { useMutation } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { telechargerRecu } from './api';

/**
 * « Reçu (PDF) » of a succeeded payment (docs/rent.md#receipts): the PDF fetched with the token and
 * saved; its accessible name says which payment. On Mon loyer, the follow page and the staff's
 * payments dialog.
 */
export function ReceiptButton({ reference, className = '' }: { reference: string; className?: string }) {
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => telechargerRecu(reference),
    onSuccess: () => toast.success(messages.recuPaiementTelecharge),
    onError: (err) => toast.failure(errorMessage(err)),
  });
  return (
    <button
      type="button"
      className={`p-button p-component p-button-outlined p-button-sm ${className}`.trim()}
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-label={fill(messages.telechargerRecuDe, { reference })}
      data-testid="telecharger-recu"
      data-reference={reference}
    >
      <i className={download.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
      <span>{messages.telechargerRecu}</span>
    </button>
  );
}
