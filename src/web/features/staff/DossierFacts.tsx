import type { ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { fieldLabel } from '../../../domain/resources/labels';
import { fill, frenchDate } from '../../lib/format';
import { MAX_STAY_YEARS, MAX_STAY_YEARS_HANDICAP } from '../../../domain/limits';
import { formatMoyenne } from './api';
import type { DossierLu } from './types';
import { Code } from '../../components/Code';
import { phoneForDisplay } from '../../../domain/phone';

/** The dossier's identity and state as a definition list: who, which file, where it stands. */
export function DossierFacts({ dossier, ine }: { dossier: DossierLu; ine: string }) {
  const facts: [label: string, value: ReactNode, testId?: string][] = [
    [
      messages.colonneReferenceDossier,
      dossier.referenceDossier ? <Code>{dossier.referenceDossier}</Code> : '',
    ],
    [fieldLabel('ine'), <Code>{dossier.ine ?? ine}</Code>],
    [fieldLabel('nomEtudiant'), dossier.nomEtudiant ?? ''],
    [fieldLabel('prenomEtudiant'), dossier.prenomEtudiant ?? ''],
    [fieldLabel('sexeEtudiant'), enumLabel('sexeEtudiant', dossier.sexeEtudiant)],
    [fieldLabel('dateNaissance'), frenchDate(dossier.dateNaissance)],
    [fieldLabel('lieuNaissance'), dossier.lieuNaissance ?? ''],
    [
      fieldLabel('telEtudiant'),
      dossier.telEtudiant ? <Code>{phoneForDisplay(dossier.telEtudiant)}</Code> : '',
    ],
    [messages.colonneVille, dossier.nomVille ?? ''],
    [fieldLabel('libelleDirection'), dossier.libelleDirection ?? ''],
    [messages.colonneDateDepotPersonnel, frenchDate(dossier.dateDepot)],
    [messages.colonneTypeDossierPersonnel, enumLabel('typeDossier', dossier.typeDossier)],
    // The years of stay counted at its session and the limit (docs/agency-rules.md).
    [
      messages.colonneAnneesHebergement,
      fill(messages.anneesHebergementValeur, {
        annees: dossier.anneesHebergement,
        max: MAX_STAY_YEARS,
        maxHandicap: MAX_STAY_YEARS_HANDICAP,
      }),
      'annees-hebergement',
    ],
    [messages.colonneSession, enumLabel('etatSession', dossier.etatSession)],
    [
      messages.colonneStatutDossierPersonnel,
      enumLabel('statutDossier', dossier.statutDossier),
      'statut-dossier',
    ],
    [messages.colonneMoyenne, formatMoyenne(dossier.moyenne), 'moyenne-dossier'],
  ];
  return (
    <dl className="dossier-facts">
      {facts
        .filter(([, value, testId]) => value !== '' || testId)
        .map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value || '—'}</dd>
          </div>
        ))}
    </dl>
  );
}
