/**
 * The public status page `/etat-du-service` (docs/availability.md#the-status-page): one HTML page
 * written by the server from the availability this instance last read, with its style inline and no
 * script, so that it opens on a slow phone while the rest of the product struggles.
 */
import { COMPOSANTS, outageMinutes, type Composant } from '../../../domain/availability';
import { escapeHtml, frenchDateTimeShort } from '../../../domain/format';
import { fill, messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import type { AvailabilityAnswer } from './service';

const escape = escapeHtml;

const percent = (n: number) => `${n.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0%`;

export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return fill(messages.dureeMinutesCourte, { m });
  return m === 0 ? fill(messages.dureeHeuresCourte, { h }) : fill(messages.dureeHeuresMinutes, { h, m });
}

const dayDate = (iso: string) => {
  const [y, mo, d] = iso.split('-');
  return `${d}/${mo}/${y}`;
};

/** A day's colour: green when whole (99.95 % and more), orange below, red below 95 %, grey before the platform ran. */
function dayClass(v: number | null): string {
  if (v === null) return 'n';
  if (v >= 99.95) return 'o';
  return v >= 95 ? 'w' : 'k';
}

/** What an outage moved: the offers' deadlines (the platform), the instalments' due dates (the payment provider). */
function movedText(composant: Composant, n: number): string {
  if (composant === 'PAIEMENT')
    return n === 0
      ? messages.etatServiceEcheancesAucune
      : n === 1
        ? messages.etatServiceEcheancesUne
        : fill(messages.etatServiceEcheances, { n });
  return n === 0
    ? messages.etatServiceDelaisAucun
    : n === 1
      ? messages.etatServiceDelaisUn
      : fill(messages.etatServiceDelais, { n });
}

const STYLE = `:root{color-scheme:light dark;--f:#1b1f24;--b:#fff;--m:#57606a;--l:#d0d7de;--o:#1a7f37;--w:#bf8700;--k:#cf222e;--n:#d0d7de}
@media(prefers-color-scheme:dark){:root{--f:#e6edf3;--b:#0d1117;--m:#9da7b3;--l:#30363d;--o:#3fb950;--w:#d29922;--k:#f85149;--n:#57606a}}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--f);background:var(--b)}
main{max-width:46rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
p,li{color:var(--f)}.m{color:var(--m);font-size:.9rem}ul{padding-left:1.2rem}
.s{list-style:none;padding:0}.s li{padding:.4rem .6rem;border-left:4px solid var(--o);margin:.3rem 0}.s li.k{border-color:var(--k)}.s li.w{border-color:var(--w)}
.d{display:flex;gap:1px;height:2.2rem;align-items:stretch}.d span{flex:1;background:var(--o);border-radius:1px}
.d .w{background:var(--w)}.d .k{background:var(--k)}.d .n{background:var(--n)}a{color:inherit}`;

export function statusPage(
  a: AvailabilityAnswer | null,
  opts: {
    plafondMinutes: number;
    baseInjoignableDepuis: Date | null;
    /** The payment provider is the product's own simulator (the demo): no money moves. */
    paiementSimule?: boolean;
  },
): string {
  const parts: string[] = [];
  parts.push(`<h1>${escape(messages.etatServiceTitre)}</h1><p>${escape(messages.etatServiceIntro)}</p>`);
  parts.push(`<h2>${escape(messages.etatServiceMaintenant)}</h2><ul class="s">`);
  const running = new Map<Composant, string>((a?.enCours ?? []).map((r) => [r.composant, r.debut]));
  for (const c of COMPOSANTS) {
    if (c === 'PLATEFORME' && opts.baseInjoignableDepuis) {
      const debut = frenchDateTimeShort(opts.baseInjoignableDepuis);
      parts.push(`<li class="k">${escape(fill(messages.etatServiceBaseInjoignable, { debut }))}</li>`);
    } else if (running.has(c)) {
      const debut = frenchDateTimeShort(new Date(running.get(c)!));
      parts.push(`<li class="k">${escape(fill(enumLabel('etatComposantPanne', c), { debut }))}</li>`);
    } else if (c === 'PAIEMENT' && opts.paiementSimule) {
      parts.push(`<li class="w">${escape(messages.etatServicePaiementSimule)}</li>`);
    } else parts.push(`<li>${escape(enumLabel('etatComposantOk', c))}</li>`);
  }
  parts.push('</ul>');
  if (!a) {
    parts.push(`<p>${escape(messages.etatServiceIndisponible)}</p>`);
  } else {
    const counted = a.jours.filter((j) => j.disponibilite !== null);
    parts.push(`<h2>${escape(messages.etatServiceJours)}</h2>`);
    if (counted.length) {
      const mean = counted.reduce((s, j) => s + j.disponibilite!, 0) / counted.length;
      parts.push(
        `<p>${escape(
          fill(messages.etatServiceMoyenne, {
            pourcentage: percent(Math.round(mean * 100) / 100),
            jours:
              counted.length === 1
                ? messages.etatServiceJourMesure
                : counted.length < a.jours.length
                  ? fill(messages.etatServiceJoursMesures, { n: counted.length })
                  : messages.etatServiceJours.toLowerCase(),
          }),
        )}</p>`,
      );
    }
    parts.push('<div class="d" role="list">');
    for (const j of a.jours) {
      const label =
        j.disponibilite === null
          ? fill(messages.etatServiceJourSansDonnee, { date: dayDate(j.date) })
          : fill(messages.etatServiceJourLegende, {
              date: dayDate(j.date),
              pourcentage: percent(j.disponibilite),
            });
      parts.push(
        `<span role="listitem" class="${dayClass(j.disponibilite)}" title="${escape(label)}" aria-label="${escape(label)}"></span>`,
      );
    }
    parts.push(`</div><p class="m">${escape(messages.etatServiceLegende)}</p>`);
    parts.push(`<h2>${escape(messages.etatServicePannes)}</h2>`);
    if (!a.pannes.length) parts.push(`<p>${escape(messages.etatServiceAucunePanne)}</p>`);
    else {
      parts.push('<ul>');
      for (const p of a.pannes) {
        const o = { debut: new Date(p.debut), fin: new Date(p.fin) };
        const line = fill(messages.etatServicePanneLigne, {
          composant: enumLabel('composant', p.composant),
          debut: frenchDateTimeShort(o.debut),
          fin: frenchDateTimeShort(o.fin),
          duree: durationText(outageMinutes(o)),
        });
        const moved = p.composant === 'SMS' ? '' : ` — ${movedText(p.composant, p.echeancesDeplacees)}`;
        parts.push(`<li>${escape(line + moved)}</li>`);
      }
      parts.push('</ul>');
    }
    parts.push(
      `<p class="m">${escape(fill(messages.etatServiceRegle, { minutes: opts.plafondMinutes }))}</p>`,
    );
    parts.push(
      `<p class="m">${escape(fill(messages.etatServiceLecture, { date: frenchDateTimeShort(new Date(a.lecture)) }))}</p>`,
    );
  }
  parts.push(`<p><a href="/">${escape(messages.etatServiceAccueil)}</a></p>`);
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(messages.etatServiceTitre)} — CENOU</title><style>${STYLE}</style></head><body><main>${parts.join('')}</main></body></html>`;
}
