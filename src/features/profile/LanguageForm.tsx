import { useId, useState } from 'react';
import { api } from '../../lib/http/client.ts';
import { Alert, SubmitButton } from '../accounts/ui.tsx';

interface Props {
  locale: 'en' | 'fr';
  strings: {
    language: string;
    languageHelp: string;
    languageSave: string;
    english: string;
    french: string;
    updateError: string;
  };
  /** This page in each language, to land on after saving. */
  alternates: { en: string; fr: string };
}

/** The store's language (cookie) and the e-mails' (account), saved together. */
export default function LanguageForm({ locale, strings, alternates }: Props) {
  const id = useId();
  const [value, setValue] = useState<'en' | 'fr'>(locale);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/profile/language', { method: 'PUT', body: { locale: value } });
      location.assign(`${alternates[value]}?saved=language`);
    } catch (error) {
      console.error('Saving the language failed', error);
      setFailed(true);
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
        <label htmlFor={id}>{strings.language}</label>
        <p className="field-hint">{strings.languageHelp}</p>
        <select id={id} value={value} onChange={(event) => setValue(event.target.value === 'fr' ? 'fr' : 'en')}>
          <option value="en" lang="en-CA">
            {strings.english}
          </option>
          <option value="fr" lang="fr-CA">
            {strings.french}
          </option>
        </select>
      </div>
      <SubmitButton
        busy={busy}
        label={strings.languageSave}
        busyLabel={strings.languageSave}
        className="btn--outline"
      />
    </form>
  );
}
