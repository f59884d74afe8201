/**
 * A list (or a line of it) that does not exist or belongs to someone else: both answer the
 * same 404, so an id tells a stranger nothing.
 */
export class ListNotFoundError extends Error {
  override name = 'ListNotFoundError';
}

/** A delete the rules refuse: the default list, or the user's only list. */
export class ListDeletionRefusedError extends Error {
  override name = 'ListDeletionRefusedError';
  readonly reason: 'default' | 'only_list';

  constructor(reason: 'default' | 'only_list') {
    super(
      reason === 'default' ? 'The default wish list cannot be deleted' : "A user's only wish list cannot be deleted",
    );
    this.reason = reason;
  }
}
