import { addLocale, locale } from 'primereact/api';
import fr from 'primelocale/fr.json';
// The theme's rules of the widgets (tables, dropdowns, dialogs…), kept out of the entry's
// stylesheet (src/web/layout/theme-split.ts): they load with the first screen that draws a widget.
import 'virtual:cenou-prime-widgets.css';

/**
 * Every PrimeReact widget in French (calendar, paginator, filters, dialogs, ARIA labels), with the
 * theme's rules of the widgets. Imported for its effect by every module that uses a PrimeReact
 * widget, so that the entry chunk carries no PrimeReact code nor their styles: the public pages a
 * student opens on 3G use none.
 */
addLocale('fr', fr.fr as unknown as Parameters<typeof addLocale>[1]);
locale('fr');
