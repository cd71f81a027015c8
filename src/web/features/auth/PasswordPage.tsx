import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../domain/messages';
import { newPasswordErrors } from '../../../domain/password';
import { errorId, FormField } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError, errorMessage } from '../../lib/api';
import { updateToken } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { changePassword } from './api';

type Field = 'ancienMotDePasse' | 'nouveauMotDePasse' | 'confirmation';

export function checkPasswordForm(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.ancienMotDePasse) errors.ancienMotDePasse = messages.champObligatoire;
  return { ...errors, ...newPasswordErrors(values) };
}

/**
 * Change of one's own password (docs/accounts.md): current, new (8 characters or more), confirmation.
 * The old token stops working: the new one from the answer is stored.
 */
export default function PasswordPage() {
  useDocumentTitle(messages.changerMotDePasse);
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    ancienMotDePasse: '',
    nouveauMotDePasse: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkPasswordForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      const answer = await changePassword({
        ancienMotDePasse: values.ancienMotDePasse,
        nouveauMotDePasse: values.nouveauMotDePasse,
      });
      updateToken(answer.accessToken);
      toast.success(answer.message || messages.motDePasseModifie, undefined, WORKFLOW_LIFE);
      navigate(paths.accueil);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors() as Partial<Record<Field, string>>);
      toast.failure(errorMessage(err));
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField id={name} label={label} required error={errors[name]} hint={hint}>
      <PasswordInput
        id={name}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={set(name)}
        invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? errorId(name) : hint ? `${name}-aide` : undefined}
      />
    </FormField>
  );

  return (
    <section className="card narrow">
      <h1>{messages.changerMotDePasse}</h1>
      <form onSubmit={submit} noValidate>
        {field('ancienMotDePasse', messages.champAncienMotDePasse, 'current-password')}
        {field(
          'nouveauMotDePasse',
          messages.champNouveauMotDePasse,
          'new-password',
          messages.motDePasseRegle,
        )}
        {field('confirmation', messages.champConfirmationMotDePasse, 'new-password')}
        <button type="submit" className="p-button p-component btn-block" disabled={busy}>
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
          <span>{messages.enregistrer}</span>
        </button>
      </form>
    </section>
  );
}
