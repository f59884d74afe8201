import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { showToast } from '../../lib/toasts.ts';
import { $myLocationId, chooseMyLocation, loadMyLocation } from './my-location.ts';
import './my-location.css';
import { fill } from '../../lib/i18n/locale.ts';

export interface MyLocationStrings {
  label: string;
  choose: string;
  /** "{{name}} is now your sales yard." */
  saved: string;
  /** The choice holds in this browser, but saving it to the signed-in account failed. */
  notSaved: string;
}

export interface MyLocationChooserProps {
  locations: { id: number; name: string }[];
  strings: MyLocationStrings;
  /** Called after the choice is made (in the browser, and in the profile when signed in). */
  onChosen?: (id: number) => void;
}

/**
 * "My sales yard": a labelled select over the shared store. Reusable anywhere: the product
 * page's availability panel, the profile, the sandbox.
 */
export default function MyLocationChooser({ locations, strings, onChosen }: MyLocationChooserProps) {
  const id = useId();
  const myLocationId = useStore($myLocationId);
  useEffect(loadMyLocation, []);
  const known = locations.some((location) => location.id === myLocationId);

  const choose = async (value: string) => {
    const location = locations.find((entry) => String(entry.id) === value);
    if (!location) return;
    try {
      await chooseMyLocation(location.id);
      showToast(fill(strings.saved, { name: location.name }), 'success');
    } catch (error) {
      // The choice holds in this browser; saving it to the profile failed, and the shopper is told.
      console.error('Could not save the sales yard to the profile', error);
      showToast(fill(strings.notSaved, { name: location.name }), 'error');
    }
    onChosen?.(location.id);
  };

  return (
    <div className="my-location">
      <label htmlFor={id}>{strings.label}</label>
      <select id={id} value={known ? String(myLocationId) : ''} onChange={(event) => void choose(event.target.value)}>
        {!known && (
          <option value="" disabled>
            {strings.choose}
          </option>
        )}
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
    </div>
  );
}
