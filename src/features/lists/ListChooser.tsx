import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../accounts/ui.tsx';
import ListDetailsForm, { type ListsStrings } from './ListDetailsForm.tsx';
import ListDialog from './ListDialog.tsx';
import { $lists, addToList, createList } from './lists.client.ts';
import type { AddedToList, ListSummary } from './lists.ts';
import '../accounts/forms.css';
import './lists.css';
import { fill, plural } from '../../lib/i18n/locale.ts';

/** What the product page passes: the chooser's own strings and the form's, nothing more. */
export type ChooserStrings = ReturnType<typeof chooserStrings>;

export function chooserStrings(lists: ListsStrings) {
  return {
    chooser: lists.chooser,
    fields: lists.fields,
    validation: lists.validation,
    default: lists.default,
    items_one: lists.items_one,
    items_other: lists.items_other,
    errors: { load: lists.errors.load, create: lists.errors.create },
    create: { submitting: lists.create.submitting },
  };
}

interface Props {
  locale: 'en' | 'fr';
  productName: string;
  variant: { id: number; sizeLabel: string };
  quantity: number;
  /** `/lists` in the page's language. */
  listsPath: string;
  strings: ChooserStrings;
  /** The product page's message for a failed add to list. */
  addError: string;
  onAdded: (added: AddedToList) => void;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; lists: ListSummary[] };

/**
 * The product page's Add to List for a signed-in shopper: pick one of their lists (the
 * default first and preselected) or create one on the spot, then the plant goes on it.
 * Loaded on the first click, so the product page does not carry it.
 */
export default function ListChooser(props: Props) {
  const { locale, strings } = props;
  const c = strings.chooser;
  const lists = useStore($lists);
  // A list made here joins the choices at once, before the cache reads the lists again.
  const [made, setMade] = useState<ListSummary[]>([]);
  const load: Load = lists.data
    ? {
        state: 'ready',
        lists: [
          ...lists.data.lists,
          ...made.filter((list) => !lists.data?.lists.some((known) => known.id === list.id)),
        ],
      }
    : lists.error && !lists.loading
      ? { state: 'error' }
      : { state: 'loading' };
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const groupId = useId();

  // Each opening reads the lists again (shown meanwhile as last read): one made in another tab is offered.
  useEffect(() => {
    $lists.revalidate();
  }, []);

  // The default list is preselected (else the first) once the lists are known.
  const loaded = lists.data?.lists;
  useEffect(() => {
    if (!loaded) return;
    setChosen((current) => current ?? loaded.find((list) => list.isDefault)?.id ?? loaded[0]?.id ?? null);
  }, [loaded]);

  const add = async (listId: number) => {
    setAdding(true);
    setFailed(null);
    try {
      props.onAdded(await addToList(listId, { variantId: props.variant.id, quantity: props.quantity }));
    } catch (error) {
      console.error('Could not add to the list', error);
      setFailed(props.addError);
      setAdding(false);
    }
  };

  const itemCount = (count: number) => plural({ one: strings.items_one, other: strings.items_other }, count, locale);

  return (
    <ListDialog title={c.title} closeLabel={c.close} onClose={props.onClose}>
      <p>{fill(c.intro, { name: props.productName, size: props.variant.sizeLabel })}</p>
      {failed && (
        <Alert kind="error">
          <p>{failed}</p>
        </Alert>
      )}
      {load.state === 'loading' && (
        <p className="muted" role="status">
          {c.loading}
        </p>
      )}
      {load.state === 'error' && (
        <Alert kind="error">
          <p>{strings.errors.load}</p>
        </Alert>
      )}
      {load.state === 'ready' && load.lists.length > 0 && (
        <form
          className="list-chooser__pick"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen !== null) void add(chosen);
          }}
        >
          <fieldset>
            <legend id={groupId}>{c.lists}</legend>
            <div className="list-chooser__options">
              {load.lists.map((list) => (
                <label key={list.id} className="list-chooser__option">
                  <input
                    type="radio"
                    name={`${groupId}-list`}
                    value={list.id}
                    checked={chosen === list.id}
                    onChange={() => setChosen(list.id)}
                  />
                  <span className="list-chooser__name">
                    {list.name}
                    {list.isDefault && (
                      <>
                        {' '}
                        <span className="badge badge--in">{strings.default}</span>
                      </>
                    )}
                  </span>
                  <span className="muted list-chooser__count">{itemCount(list.itemCount)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn" disabled={adding || chosen === null}>
            {adding ? c.adding : c.add}
          </button>
        </form>
      )}
      {load.state === 'ready' && (
        <section className="list-chooser__create" aria-labelledby={`${groupId}-new`}>
          <h3 id={`${groupId}-new`}>{c.newList}</h3>
          <ListDetailsForm
            strings={strings}
            save={createList}
            onSaved={(list) => {
              // The new list joins the choices, chosen, whether or not the add then succeeds.
              setMade((current) => [...current, list]);
              setChosen(list.id);
              void add(list.id);
            }}
            failedMessage={strings.errors.create}
            submitLabel={c.createAndAdd}
            busyLabel={strings.create.submitting}
          />
        </section>
      )}
      <p className="list-chooser__manage">
        <a href={props.listsPath}>{c.manage}</a>
      </p>
    </ListDialog>
  );
}
