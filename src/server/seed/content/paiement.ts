/**
 * The payment settings of the demo (docs/rent.md#payment-settings): the kinds of payment and the
 * operators of Burkina Faso students — Orange Money and Moov Money from a phone, cash at the
 * counter of the cité.
 */
import type { CodeTypePaiement } from '../../../domain/enums';

export interface TypePaiementSeed {
  libelle: string;
  code: CodeTypePaiement;
  actif: boolean;
  operateurs: { libelle: string; code: string }[];
}

export const TYPES_PAIEMENT: readonly TypePaiementSeed[] = [
  {
    libelle: 'Mobile money',
    code: 'MOBILE_MONEY',
    actif: true,
    operateurs: [
      { libelle: 'Orange Money', code: 'ORANGE_MONEY' },
      { libelle: 'Moov Money', code: 'MOOV_MONEY' },
    ],
  },
  {
    libelle: 'Espèces',
    code: 'ESPECES',
    actif: true,
    operateurs: [{ libelle: 'Caisse de la cité', code: 'CAISSE' }],
  },
  { libelle: 'Virement bancaire', code: 'VIREMENT', actif: false, operateurs: [] },
];
