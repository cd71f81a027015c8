import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { INE_MAX_LENGTH } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
// The INE and date rules without the registry's schemas (zod): step 1 loads no schema library.
import { isValidIne, normalizeIne, parseBirthDate } from '../../../domain/identity';
import type { RegistrationIdentity } from '../../../domain/registry';
import { fieldLabel } from '../../../domain/resources/labels';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { toIsoDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { lookupIdentity } from './api';

export interface Identification {
  ine: string;
  dateNaissance: string;
}

type Field = keyof Identification;

/**
 * Step 1 of /inscription: the INE and the birth date (a native date input: the phone's own date
 * picker, no widget to download), then 'S'inscrire'. The server answers with the identity only
 * when both match; an unknown INE and a wrong date get the same 'L’INE et la date de naissance saisis ne correspondent à aucun étudiant du registre…';
 * a student who already has an account reads so here, with the way to the sign-in (docs/accounts.md).
 */
export function IdentificationForm(props: {
  initial: Identification;
  /** A message to show on arrival (the birth date refused again at account creation). */
  initialError?: string | null;
  onFound: (identity: RegistrationIdentity, values: Identification) => void;
  /** The student begins (a field focused): the page may fetch step 2's code meanwhile. */
  onStart?: () => void;
}) {
  const [values, setValues] = useState<Identification>(props.initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(props.initialError ?? null);
  /** The INE and date are right but the student already has an account: sign in instead. */
  const [hasAccount, setHasAccount] = useState(false);
  const [busy, setBusy] = useState(false);
  const today = toIsoDate(new Date());

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const ine = values.ine.trim();
    const found: Partial<Record<Field, string>> = {};
    if (ine === '') found.ine = messages.champObligatoire;
    if (values.dateNaissance === '') found.dateNaissance = messages.champObligatoire;
    else if (!parseBirthDate(values.dateNaissance)) found.dateNaissance = messages.dateNaissanceInvalide;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setError(null);
      return;
    }
    // No registry row can hold a malformed INE: the server would give the same answer.
    if (!isValidIne(ine)) {
      setError(messages.ineInvalide);
      return;
    }
    setBusy(true);
    setError(null);
    setHasAccount(false);
    try {
      const identity = await lookupIdentity(normalizeIne(ine), values.dateNaissance);
      props.onFound(identity, { ine: normalizeIne(ine), dateNaissance: values.dateNaissance });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setError(messages.ineInvalide);
      else if (err instanceof ApiError && err.status === 409) {
        setError(err.message);
        setHasAccount(true);
      } else {
        if (err instanceof ApiError) setErrors(err.fieldErrors() as Partial<Record<Field, string>>);
        setError(errorMessage(err));
      }
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} onFocus={props.onStart} noValidate>
      <FormField id="ine" label={fieldLabel('ine')} required error={errors.ine} hint={messages.ineAide}>
        <input
          id="ine"
          name="ine"
          className={`p-inputtext p-component${errors.ine ? ' p-invalid' : ''}`}
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={INE_MAX_LENGTH}
          value={values.ine}
          onChange={set('ine')}
          aria-invalid={Boolean(errors.ine) || undefined}
          aria-describedby={errors.ine ? errorId('ine') : 'ine-aide'}
        />
      </FormField>
      <FormField id="dateNaissance" label={fieldLabel('dateNaissance')} required error={errors.dateNaissance}>
        <input
          id="dateNaissance"
          name="dateNaissance"
          type="date"
          className={`p-inputtext p-component${errors.dateNaissance ? ' p-invalid' : ''}`}
          min="1900-01-01"
          max={today}
          autoComplete="bday"
          value={values.dateNaissance}
          onChange={set('dateNaissance')}
          aria-invalid={Boolean(errors.dateNaissance) || undefined}
          aria-describedby={errors.dateNaissance ? errorId('dateNaissance') : undefined}
        />
      </FormField>
      {error && (
        <p className="error-text" role="alert" data-testid="erreur-inscription">
          {error}
          {hasAccount && (
            <>
              {' '}
              <Link to={paths.connexion}>{messages.compteExistantConnexion}</Link>
            </>
          )}
        </p>
      )}
      <button type="submit" className="p-button p-component btn-block" disabled={busy}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-user-plus'} aria-hidden="true" />
        <span>{messages.sInscrire}</span>
      </button>
    </form>
  );
}
