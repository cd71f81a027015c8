import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import './auth.css';
import { messages } from '../../../domain/messages';
import { errorId, FormField } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError } from '../../lib/api';
import { parseUserRecord, roleOf, saveUser } from '../../lib/auth';
import { afterSignin } from '../../app/landing';
import { signin } from './api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { setFlash } from '../../lib/toast';

/**
 * Sign-in (docs/accounts.md#sign-in): INE or staff identifier and password. Nothing is sent while
 * a field is empty; a success stores the user record and fully reloads to the page that sent the
 * visitor here, else to the role's own page (docs/roles.md#after-sign-in), where 'Connexion
 * réussie !' shows; a failure shows the red 'Connexion impossible : vérifiez votre identifiant…' (the
 * server's own message when too many attempts were made).
 */
export default function LoginPage() {
  useDocumentTitle(messages.connexionTitre);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // An empty field is named under itself (announced, and tied to it); the first gets the focus.
    const empty = {
      ...(username.trim() === '' ? { username: messages.champObligatoire } : {}),
      ...(password === '' ? { password: messages.champObligatoire } : {}),
    };
    setMissing(empty);
    if (empty.username || empty.password) {
      setError(null);
      document.getElementById(empty.username ? 'username' : 'password')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = parseUserRecord(await signin({ username: username.trim(), password }));
      if (!user) throw new ApiError(500, 'ERREUR_INTERNE', messages.erreurConnexion);
      saveUser(user, { notify: false });
      setFlash(messages.connexionReussie);
      window.location.assign(afterSignin(roleOf(user), window.location.search));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : messages.erreurConnexion);
      setBusy(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>{messages.connexionTitre}</h1>
      <p>{messages.connexionIntro}</p>
      <form onSubmit={submit} noValidate>
        <FormField id="username" label={messages.champIdentifiant} error={missing.username}>
          <input
            id="username"
            name="username"
            className={`p-inputtext p-component${missing.username ? ' p-invalid' : ''}`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              if (missing.username) setMissing((m) => ({ ...m, username: undefined }));
            }}
            aria-invalid={Boolean(missing.username) || undefined}
            aria-describedby={missing.username ? errorId('username') : undefined}
          />
        </FormField>
        <FormField
          id="password"
          label={messages.champMotDePasse}
          hint={messages.copierMotDePasse}
          error={missing.password}
        >
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            aria-describedby={missing.password ? errorId('password') : 'password-aide'}
            invalid={Boolean(missing.password)}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (missing.password) setMissing((m) => ({ ...m, password: undefined }));
            }}
          />
        </FormField>
        {error && (
          <p className="error-text" role="alert" data-testid="erreur-connexion">
            {error}
          </p>
        )}
        <button type="submit" className="p-button p-component btn-block" disabled={busy}>
          <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-sign-in'} aria-hidden="true" />
          <span>{messages.seConnecter}</span>
        </button>
      </form>
      <p className="form-aside">
        <Link to={paths.motDePasseOublie} data-testid="lien-mot-de-passe-oublie">
          {messages.motDePasseOublieLien}
        </Link>
      </p>
    </section>
  );
}
