import { addLocale, locale } from 'primereact/api';
import fr from 'primelocale/fr.json';

/**
 * Every PrimeReact widget in French (calendar, paginator, filters, dialogs, ARIA labels). Imported
 * for its effect by the modules that use PrimeReact widgets, so that the entry chunk carries no
 * PrimeReact code: the public pages a student opens on 3G use none.
 */
addLocale('fr', fr.fr as unknown as Parameters<typeof addLocale>[1]);
locale('fr');
