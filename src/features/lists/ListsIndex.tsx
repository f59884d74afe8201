import { useEffect, useId, useMemo, useState } from 'react';
import { fill, plural } from '../../lib/i18n/locale.ts';
import { showToast } from '../../lib/toasts.ts';
import ListDetailsForm, { type ListsStrings } from './ListDetailsForm.tsx';
import { createList, takeFlash } from './lists.client.ts';
import { filterLists, type ListSummary } from './lists.ts';

interface Props {
  locale: 'en' | 'fr';
  lists: ListSummary[];
  /** `?q=` of the address, so a search can be linked and reloaded. */
  initialQuery: string;
  /** `/lists` in the page's language. */
  listsPath: string;
  strings: ListsStrings;
}

/** The lists index: search by name, the lists with their counts and default, and create. */
export default function ListsIndex({ locale, lists: initial, initialQuery, listsPath, strings }: Props) {
  const [lists, setLists] = useState(initial);
  const [query, setQuery] = useState(initialQuery);
  const searchId = useId();
  const shown = useMemo(() => filterLists(lists, query), [lists, query]);

  useEffect(() => {
    const flash = takeFlash();
    if (flash) showToast(flash, 'success');
  }, []);

  const search = (value: string) => {
    setQuery(value);
    const url = new URL(location.href);
    if (value.trim()) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', `${url.pathname}${url.search}`);
  };

  const itemCount = (count: number) => plural({ one: strings.items_one, other: strings.items_other }, count, locale);

  return (
    <div className="lists-index">
      {/* Named by the page's own heading (ListsPage.astro): a second « My lists » was read out. */}
      <section className="card lists-panel" aria-labelledby="lists-heading">
        {lists.length > 0 && (
          <search className="lists-search">
            <label htmlFor={searchId}>{strings.search.label}</label>
            <div className="lists-search__row">
              <input
                id={searchId}
                type="search"
                value={query}
                autoComplete="off"
                onChange={(event) => search(event.target.value)}
              />
              {query && (
                <button type="button" className="btn btn--outline btn--sm" onClick={() => search('')}>
                  {strings.search.clear}
                </button>
              )}
            </div>
            <p className="muted lists-search__count" role="status">
              {plural({ one: strings.search.results_one, other: strings.search.results_other }, shown.length, locale)}
            </p>
          </search>
        )}
        {lists.length === 0 ? (
          <p className="lists-empty">{strings.empty}</p>
        ) : shown.length === 0 ? (
          <p className="lists-empty">{fill(strings.search.noMatch, { query: query.trim() })}</p>
        ) : (
          <ul className="lists-cards">
            {shown.map((list) => (
              <li key={list.id} className="lists-card">
                <div className="lists-card__head">
                  <a href={`${listsPath}/${list.id}`} className="lists-card__name">
                    {list.name}
                  </a>
                  {list.isDefault && <span className="badge badge--in">{strings.default}</span>}
                </div>
                {list.description && <p className="lists-card__description">{list.description}</p>}
                <p className="muted lists-card__count">{itemCount(list.itemCount)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card lists-panel" aria-labelledby={`${searchId}-create`}>
        <h2 id={`${searchId}-create`}>{strings.create.heading}</h2>
        <ListDetailsForm
          strings={strings}
          save={createList}
          onSaved={(list) => {
            setLists((current) => [...current, list]);
            search('');
            showToast(fill(strings.create.created, { name: list.name }), 'success');
          }}
          failedMessage={strings.errors.create}
          submitLabel={strings.create.submit}
          busyLabel={strings.create.submitting}
        />
      </section>
    </div>
  );
}
