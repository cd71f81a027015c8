import { messages } from '../../../domain/messages';
import { mobileMoneyPhone } from '../../../domain/payments';
import { errorId, FormField } from '../../components/FormField';

export type PaymentField = 'idOperateur' | 'telephone' | 'montant';
export type PaymentValues = Record<PaymentField, string>;
export type PaymentErrors = Partial<Record<PaymentField, string>>;

/** The form's own checks, with the server's messages (it checks again). */
export function checkPaymentForm(v: PaymentValues): PaymentErrors {
  const errors: PaymentErrors = {};
  if (!v.idOperateur) errors.idOperateur = messages.champObligatoire;
  if (!v.telephone.trim()) errors.telephone = messages.champObligatoire;
  else if (!mobileMoneyPhone(v.telephone)) errors.telephone = messages.paiementTelephoneInvalide;
  const montant = Number(v.montant);
  if (!v.montant.trim()) errors.montant = messages.champObligatoire;
  else if (!/^\d+$/.test(v.montant.trim())) errors.montant = messages.valeurEntiere;
  else if (montant <= 0) errors.montant = messages.valeurStrictementPositive;
  return errors;
}

/**
 * A mobile-money payment's fields and its button, as the student's /paiement and a helper's /aide
 * show them: the operator (a native select), the number to debit, the amount.
 */
export function MobileMoneyFields({
  operateurs,
  values,
  errors,
  busy,
  onChange,
}: {
  operateurs: readonly { idOperateur: number; libelleOperateur: string }[];
  values: PaymentValues;
  errors: PaymentErrors;
  busy: boolean;
  onChange: (field: PaymentField, value: string) => void;
}) {
  const set = (field: PaymentField) => (e: { target: { value: string } }) => onChange(field, e.target.value);
  return (
    <>
      <FormField id="idOperateur" label={messages.paiementOperateur} required error={errors.idOperateur}>
        <select
          id="idOperateur"
          className="p-inputtext p-component native-select"
          value={values.idOperateur}
          onChange={set('idOperateur')}
          aria-invalid={errors.idOperateur ? true : undefined}
          aria-describedby={errors.idOperateur ? errorId('idOperateur') : undefined}
        >
          <option value="">{messages.choisir}</option>
          {operateurs.map((o) => (
            <option key={o.idOperateur} value={o.idOperateur}>
              {o.libelleOperateur}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="telephone"
        label={messages.paiementTelephone}
        required
        error={errors.telephone}
        hint={messages.paiementTelephoneAide}
      >
        <input
          id="telephone"
          className="p-inputtext p-component"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={values.telephone}
          onChange={set('telephone')}
          aria-invalid={errors.telephone ? true : undefined}
          aria-describedby={errors.telephone ? errorId('telephone') : 'telephone-aide'}
        />
      </FormField>
      <FormField id="montant" label={messages.paiementMontant} required error={errors.montant}>
        <input
          id="montant"
          className="p-inputtext p-component"
          inputMode="numeric"
          value={values.montant}
          onChange={set('montant')}
          aria-invalid={errors.montant ? true : undefined}
          aria-describedby={errors.montant ? errorId('montant') : undefined}
        />
      </FormField>
      <button type="submit" className="p-button p-component btn-block" disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-mobile'} aria-hidden="true" />
        <span>{busy ? messages.paiementEnvoi : messages.paiementPayer}</span>
      </button>
    </>
  );
}
