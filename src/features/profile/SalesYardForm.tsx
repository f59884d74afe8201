import { useId, useState } from 'react';
import { api } from '../../lib/http/client.ts';
import type enProfile from '../../lib/i18n/locales/en/profile.json';
import { showToast } from '../../lib/toasts.ts';
import { Alert, SubmitButton } from '../accounts/ui.tsx';

interface Props {
  yards: { id: number; name: string; city: string }[];
  selected: number | null;
  strings: Pick<typeof enProfile, 'location' | 'updateError' | 'saving'>;
}

/** My sales yard: PUT /api/profile/location, the same call the catalog's yard chooser makes. */
export default function SalesYardForm({ yards, selected, strings }: Props) {
  const id = useId();
  const [value, setValue] = useState(selected === null ? '' : String(selected));
  const [saved, setSaved] = useState(value);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = strings.location;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/profile/location', {
        method: 'PUT',
        body: { locationId: value === '' ? null : Number(value) },
      });
      setSaved(value);
      showToast(t.saved, 'success');
    } catch (error) {
      console.error('Saving the sales yard failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" onSubmit={save}>
      {failed && (
        <Alert kind="error">
          <p>{strings.updateError}</p>
        </Alert>
      )}
      <div className="field">
        <label htmlFor={id}>{t.label}</label>
        <select id={id} value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="">{t.none}</option>
          {yards.map((yard) => (
            <option key={yard.id} value={String(yard.id)}>
              {yard.name} ({yard.city})
            </option>
          ))}
        </select>
      </div>
      <SubmitButton
        busy={busy}
        label={t.save}
        busyLabel={strings.saving}
        className={value === saved ? 'btn--outline' : ''}
      />
    </form>
  );
}
