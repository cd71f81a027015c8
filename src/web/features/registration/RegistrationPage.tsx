import './registration.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import type { RegistrationIdentity } from '../../../domain/registry';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { Loading } from '../../components/Loading';
import { IdentificationForm, type Identification } from './IdentificationForm';

/**
 * Step 2's form and the registration schema it checks with (zod, about 24 KB gzip) load once the
 * student starts step 1 (the first field focused), not with the page: a first visit downloads only
 * what step 1 draws (docs/decisions/027-lean-student-app.md).
 */
const loadAccountForm = () => import('./AccountForm');
const AccountForm = lazy(() => loadAccountForm().then((m) => ({ default: m.AccountForm })));
const preloadAccountForm = () => void loadAccountForm().catch(() => undefined);

type State =
  | { step: 'identification'; error?: string }
  | { step: 'compte'; identity: RegistrationIdentity }
  | { step: 'termine'; email: string };

/**
 * Student registration (docs/accounts.md#registration), for visitors: step 1 checks the
 * INE and birth date against the registry, step 2 'Création de compte' creates the account whose
 * password is mailed. On success a toast says so and the page offers 'Cliquer ici pour vous
 * connecter'. The server checks everything again and takes the identity from the registry only.
 */
export default function RegistrationPage() {
  const toast = useToast();
  const [state, setState] = useState<State>({ step: 'identification' });
  const [values, setValues] = useState<Identification>({ ine: '', dateNaissance: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const title = state.step === 'compte' ? messages.creationCompte : messages.inscriptionTitre;
  useDocumentTitle(title);

  // Each step starts at its title: on a phone the new form would otherwise open scrolled down.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [state.step]);

  return (
    <section className="card registration">
      {state.step !== 'termine' && (
        <p className="step-indicator">
          {fill(messages.inscriptionEtape, { n: state.step === 'identification' ? 1 : 2 })}
        </p>
      )}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {state.step === 'identification' && (
        <>
          <p className="lead">{messages.inscriptionIntro}</p>
          <IdentificationForm
            onStart={preloadAccountForm}
            initial={values}
            initialError={state.error}
            onFound={(identity, found) => {
              setValues(found);
              setState({ step: 'compte', identity });
            }}
          />
        </>
      )}
      {state.step === 'compte' && (
        <>
          <p className="lead">{messages.creationCompteIntro}</p>
          <Suspense fallback={<Loading />}>
            <AccountForm
              identity={state.identity}
              dateNaissance={values.dateNaissance}
              onBack={() => setState({ step: 'identification' })}
              onDone={(outcome) => {
                if (outcome.kind === 'identity') {
                  setState({ step: 'identification', error: outcome.message });
                  return;
                }
                toast.success(messages.inscriptionReussie, undefined, WORKFLOW_LIFE);
                setState({ step: 'termine', email: outcome.email });
              }}
            />
          </Suspense>
        </>
      )}
      {state.step === 'termine' && (
        <div className="registration-done" role="status" data-testid="inscription-reussie">
          <p className="success-text">
            <i className="pi pi-check-circle" aria-hidden="true" /> {messages.inscriptionReussie}
          </p>
          <p>{fill(messages.motDePasseEnvoyeA, { email: state.email })}</p>
          <p>{messages.copierMotDePasse}</p>
          <Link className="btn" to={paths.connexion}>
            <i className="pi pi-sign-in" aria-hidden="true" /> {messages.cliquerPourConnecter}
          </Link>
        </div>
      )}
    </section>
  );
}
