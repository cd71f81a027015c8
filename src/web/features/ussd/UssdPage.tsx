import { useRef, useState, type FormEvent } from 'react';
import { fill, messages } from '../../../domain/messages';
import { PHONE_PATTERN } from '../../../domain/phone';
import { USSD_CODE } from '../../../domain/ussd';
import { errorId, FormField } from '../../components/FormField';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { envoyerUssd } from './api';
import './ussd.css';

/** Where the phone stands: no session, a screen awaiting an input, the last screen, a cut session. */
type Phase = 'repos' | 'menu' | 'fin' | 'coupee';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The screen's text without the gateway's `CON `/`END ` prefix. */
const screenText = (answer: string) => answer.replace(/^(CON|END) /, '');

/**
 * /telephone-ussd (docs/ussd.md#the-ussd-phone): a phone drawn in the page that walks the
 * students' USSD menu. Each input goes to `campus/ussd/simulateur`, which sends it to the gateway's
 * route as the operator would (the secret stays on the server); the session's inputs are joined by
 * `*` as the operator joins them. « Couper le réseau » leaves a session without its END, as a
 * network cut does: dialling again within 5 minutes offers to resume it.
 */
export default function UssdPage() {
  useDocumentTitle(messages.ussdTitre);
  const toast = useToast();
  const [numero, setNumero] = useState('');
  const [numeroError, setNumeroError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>('repos');
  const [screen, setScreen] = useState('');
  const [saisie, setSaisie] = useState('');
  const [busy, setBusy] = useState(false);
  const session = useRef<{ id: string; inputs: string[] } | null>(null);
  const saisieRef = useRef<HTMLInputElement>(null);

  async function send(inputs: string[]) {
    const current = session.current;
    if (!current || busy) return;
    setBusy(true);
    try {
      const answer = await envoyerUssd({
        sessionId: current.id,
        phoneNumber: numero.trim(),
        text: inputs.join('*'),
      });
      current.inputs = inputs;
      setScreen(screenText(answer.reponse));
      const ended = answer.reponse.startsWith('END');
      setPhase(ended ? 'fin' : 'menu');
      if (ended) session.current = null;
      setSaisie('');
      if (!ended) saisieRef.current?.focus();
    } catch (err) {
      if (err instanceof ApiError) setNumeroError(err.fieldErrors().phoneNumber);
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function dial() {
    const n = numero.trim();
    const error = !n
      ? messages.champObligatoire
      : PHONE_PATTERN.test(n)
        ? undefined
        : messages.telephoneInvalide;
    setNumeroError(error);
    if (error) return;
    session.current = { id: `web-${crypto.randomUUID()}`, inputs: [] };
    void send([]);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = saisie.trim();
    if (!session.current || value === '') return;
    void send([...session.current.inputs, value]);
  }

  function cut() {
    session.current = null;
    setPhase('coupee');
    setScreen('');
    setSaisie('');
  }

  const open = phase === 'menu';
  const display =
    phase === 'repos'
      ? fill(messages.ussdEcranVide, { code: USSD_CODE })
      : phase === 'coupee'
        ? messages.ussdSessionCoupee
        : screen;

  return (
    <section className="card" data-testid="ussd">
      <h1>{messages.ussdTitre}</h1>
      <p>{messages.ussdIntro}</p>
      <p className="payment-demo">{messages.ussdAvertissement}</p>
      <div className="ussd-layout">
        <div className="ussd-number">
          <FormField
            id="ussd-numero"
            label={messages.ussdNumero}
            required
            error={numeroError}
            hint={messages.ussdNumeroAide}
          >
            <input
              id="ussd-numero"
              className="p-inputtext p-component"
              type="tel"
              inputMode="tel"
              value={numero}
              disabled={open}
              onChange={(e) => setNumero(e.target.value)}
              aria-invalid={numeroError ? true : undefined}
              aria-describedby={numeroError ? errorId('ussd-numero') : 'ussd-numero-aide'}
            />
          </FormField>
        </div>
        <div className="ussd-phone">
          <div className="ussd-speaker" aria-hidden="true" />
          <div
            className="ussd-screen"
            role="status"
            aria-live="polite"
            aria-label={messages.ussdEcranTelephone}
            data-testid="ussd-ecran"
          >
            <pre>{display}</pre>
            {phase === 'fin' && <p className="ussd-ended">{messages.ussdSessionTerminee}</p>}
          </div>
          <form className="ussd-entry" onSubmit={submit} noValidate>
            <label htmlFor="ussd-saisie" className="visually-hidden">
              {messages.ussdSaisie}
            </label>
            <input
              id="ussd-saisie"
              ref={saisieRef}
              className="p-inputtext p-component"
              inputMode="numeric"
              autoComplete="off"
              placeholder={messages.ussdSaisie}
              value={saisie}
              disabled={!open || busy}
              onChange={(e) => setSaisie(e.target.value.replace(/[^0-9*#]/g, ''))}
            />
            <button type="submit" className="p-button p-component" disabled={!open || busy || saisie === ''}>
              <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-send'} aria-hidden="true" />
              <span>{busy ? messages.ussdEnvoi : messages.ussdEnvoyer}</span>
            </button>
          </form>
          <div className="ussd-keypad">
            {KEYS.map((k) => (
              <button
                key={k}
                type="button"
                className="ussd-key"
                disabled={!open || busy}
                onClick={() => setSaisie((v) => v + k)}
              >
                {k}
              </button>
            ))}
          </div>
          <div className="ussd-calls">
            <button
              type="button"
              className="p-button p-component p-button-success"
              onClick={dial}
              disabled={open || busy}
            >
              <i className="pi pi-phone" aria-hidden="true" />
              <span>{fill(messages.ussdComposer, { code: USSD_CODE })}</span>
            </button>
            <button
              type="button"
              className="p-button p-component p-button-danger p-button-outlined"
              onClick={cut}
              disabled={!open || busy}
            >
              <i className="pi pi-wifi" aria-hidden="true" />
              <span>{messages.ussdCouper}</span>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
