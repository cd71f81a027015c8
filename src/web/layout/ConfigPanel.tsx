import { useEffect, useRef } from 'react';
import { messages } from '../../domain/messages';
import { COLOUR_IDS, PALETTES, type ColourId } from './palettes';
import {
  updateSettings,
  useLayoutSettings,
  type LayoutSettings,
  type MenuColour,
  type MenuMode,
  type ProfileMode,
  type Variant,
} from './settings';

/**
 * The display settings' side panel, opened by the gear of the top bar (a lazy chunk: its code
 * loads on the first opening only). Every choice applies at once and is kept in this browser.
 */

const COLOUR_LABELS: Record<ColourId, string> = {
  blue: messages.couleurBlue,
  indigo: messages.couleurIndigo,
  violet: messages.couleurViolet,
  purple: messages.couleurPurple,
  fuchsia: messages.couleurFuchsia,
  pink: messages.couleurPink,
  rose: messages.couleurRose,
  red: messages.couleurRed,
  orange: messages.couleurOrange,
  amber: messages.couleurAmber,
  lime: messages.couleurLime,
  green: messages.couleurGreen,
  emerald: messages.couleurEmerald,
  teal: messages.couleurTeal,
  cyan: messages.couleurCyan,
  sky: messages.couleurSky,
};

function Choice<K extends keyof LayoutSettings>({
  legend,
  name,
  options,
  value,
}: {
  legend: string;
  name: K;
  options: { value: LayoutSettings[K]; label: string }[];
  value: LayoutSettings[K];
}) {
  return (
    <fieldset className="config-choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className="config-option">
          <input
            type="radio"
            name={name}
            value={String(o.value)}
            checked={o.value === value}
            onChange={() => updateSettings({ [name]: o.value } as Partial<LayoutSettings>)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export default function ConfigPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const s = useLayoutSettings();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:checked, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside id={id} ref={ref} className="config-panel" role="dialog" aria-labelledby={`${id}-titre`}>
      <div className="config-head">
        <h2 id={`${id}-titre`}>{messages.configAffichage}</h2>
        <button type="button" className="config-close" aria-label={messages.configFermer} onClick={onClose}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      </div>
      <Choice<'menuMode'>
        legend={messages.configModeMenu}
        name="menuMode"
        value={s.menuMode}
        options={(
          [
            ['horizontal', messages.modeHorizontal],
            ['static', messages.modeStatic],
            ['overlay', messages.modeOverlay],
            ['slim', messages.modeSlim],
          ] as [MenuMode, string][]
        ).map(([value, label]) => ({ value, label }))}
      />
      <Choice<'grouped'>
        legend={messages.configRegroupement}
        name="grouped"
        value={s.grouped}
        options={[
          { value: true, label: messages.menuGroupe },
          { value: false, label: messages.menuAPlat },
        ]}
      />
      <Choice<'menuColour'>
        legend={messages.configCouleurMenu}
        name="menuColour"
        value={s.menuColour}
        options={(
          [
            ['dark', messages.menuSombre],
            ['light', messages.menuClair],
          ] as [MenuColour, string][]
        ).map(([value, label]) => ({ value, label }))}
      />
      <Choice<'profileMode'>
        legend={messages.configProfil}
        name="profileMode"
        value={s.profileMode}
        options={(
          [
            ['inline', messages.profilIntegre],
            ['popup', messages.profilPopup],
          ] as [ProfileMode, string][]
        ).map(([value, label]) => ({ value, label }))}
      />
      <Choice<'variant'>
        legend={messages.configTheme}
        name="variant"
        value={s.variant}
        options={(
          [
            ['accent', messages.varianteAccent],
            ['light', messages.varianteClaire],
            ['dark', messages.varianteSombre],
          ] as [Variant, string][]
        ).map(([value, label]) => ({ value, label }))}
      />
      <fieldset className="config-choice">
        <legend>{messages.configCouleur}</legend>
        <div className="swatches">
          {COLOUR_IDS.map((c) => (
            <label key={c} className="swatch" title={COLOUR_LABELS[c]}>
              <input
                type="radio"
                name="colour"
                value={c}
                checked={s.colour === c}
                onChange={() => updateSettings({ colour: c })}
              />
              <span
                className="swatch-colour"
                style={{ background: PALETTES.find((p) => p.id === c)!.shades[600] }}
                aria-hidden="true"
              />
              <span className="visually-hidden">{COLOUR_LABELS[c]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </aside>
  );
}
