const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** An amount in FCFA as read in Burkina Faso ('25 000', French grouping). */
export const formatFcfa = (n: number) => fcfa.format(n);
