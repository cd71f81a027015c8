import './auth.css';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { newPasswordErrors } from '../../../domain/password';
import { CodeField, CodeSent, codeError, useFocusRequest } from '../../components/CodeEntry';
import { errorId, FormField } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { setFlash } from '../../lib/toast';
import { askCode, confirmCode } from './api';

type Field = 'username' | 'code' | 'nouveauMotDePasse' | 'confirmation';
type Errors = Partial<Record<Field, string>>;

/** The second step's checks: the code's digits, and the password rules of the own-password change. */
export function checkCodeForm(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.username.trim()) errors.username = messages.champObligatoire;
  const wrong = codeError(values.code);
  if (wrong) errors.code = wrong;
  return { ...errors, ...newPasswordErrors(values) };
}

/**
 * /mot-de-passe-oublie (docs/accounts.md#forgotten-password), linked from /connexion: the INE or
 * identifier asks for a code (one answer whether the account exists or not, announced), then the
 * code and the new password (twice) set it; the sign-in page follows. The second step also opens
 * without asking again ('J’ai déjà reçu un code'), for whoever comes back with a mailed code. Each
 * error is written under its field, tied to it and announced; the first wrong field gets the focus.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle(messages.motDePasseOublieTitre);
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    code: '',
    nouveauMotDePasse: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const [step2, setStep2] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Asked when the second step opens: the code field gets the focus once it is drawn.
  const codeFocus = useFocusRequest<HTMLInputElement>();

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const focusFirst = (found: Errors) => {
    const first = (['username', 'code', 'nouveauMotDePasse', 'confirmation'] as Field[]).find(
      (f) => found[f],
    );
    if (first) document.getElementById(first)?.focus();
  };

  async function ask(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!values.username.trim()) {
      const found = { username: messages.champObligatoire };
      setErrors(found);
      focusFirst(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await askCode({ username: values.username.trim() });
      setSent(answer.message);
      setStep2(true);
      codeFocus.request();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = checkCodeForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await confirmCode({
        username: values.username.trim(),
        code: values.code.trim(),
        nouveauMotDePasse: values.nouveauMotDePasse,
      });
      // A full load of the sign-in page, where the flash shows.
      setFlash(answer.message || messages.motDePasseOublieReussi);
      window.location.assign(paths.connexion);
    } catch (err) {
      // A refusal tied to a field is said under it, once; any other (the network, a limit) below the form.
      const fields = err instanceof ApiError ? (err.fieldErrors() as Errors) : {};
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirst(fields);
      else setFailure(errorMessage(err));
      setBusy(false);
    }
  }

  const username = (
    <FormField id="username" label={messages.champIdentifiant} required error={errors.username}>
      <input
        id="username"
        name="username"
        className={`p-inputtext p-component${errors.username ? ' p-invalid' : ''}`}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={set('username')}
        aria-invalid={Boolean(errors.username) || undefined}
        aria-describedby={errors.username ? errorId('username') : undefined}
      />
    </FormField>
  );

  const password = (name: 'nouveauMotDePasse' | 'confirmation', label: string, hint?: string) => (
    <FormField id={name} label={label} required error={errors[name]} hint={hint}>
      <PasswordInput
        id={name}
        name={name}
        autoComplete="new-password"
        value={values[name]}
        onChange={set(name)}
        invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? errorId(name) : hint ? `${name}-aide` : undefined}
      />
    </FormField>
  );

  return (
    <section className="card narrow">
      <h1>{messages.motDePasseOublieTitre}</h1>
      <form className="forgot-step" onSubmit={ask} noValidate aria-labelledby="etape-code">
        <p id="etape-code">{messages.motDePasseOublieIntro}</p>
        {username}
        <button type="submit" className="p-button p-component btn-block" disabled={busy}>
          <i className={busy && !step2 ? 'pi pi-spin pi-spinner' : 'pi pi-send'} aria-hidden="true" />
          <span>{step2 ? messages.demanderNouveauCode : messages.recevoirCode}</span>
        </button>
        <CodeSent message={sent} />
        {!step2 && (
          <p className="form-aside">
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setStep2(true);
                codeFocus.request();
              }}
            >
              {messages.dejaUnCode}
            </button>
          </p>
        )}
      </form>
      {step2 && (
        <form className="forgot-step" onSubmit={confirm} noValidate aria-labelledby="etape-mot-de-passe">
          <h2 id="etape-mot-de-passe">{messages.changerLeMotDePasse}</h2>
          <p>{messages.codeEtapeIntro}</p>
          <CodeField
            inputRef={codeFocus.ref}
            value={values.code}
            onChange={set('code')}
            error={errors.code}
            hint={messages.codeAide}
          />
          {password('nouveauMotDePasse', messages.champNouveauMotDePasse, messages.motDePasseRegle)}
          {password('confirmation', messages.champConfirmationMotDePasse)}
          <button type="submit" className="p-button p-component btn-block" disabled={busy}>
            <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{messages.changerLeMotDePasse}</span>
          </button>
        </form>
      )}
      {failure && (
        <p className="error-text" role="alert" data-testid="erreur-mot-de-passe-oublie">
          {failure}
        </p>
      )}
      <p className="form-aside">
        <Link to={paths.connexion}>{messages.retourConnexion}</Link>
      </p>
    </section>
  );
}
