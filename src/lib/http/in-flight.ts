/**
 * How many requests rendered on demand this process is answering now (counted by the
 * middleware). Background work that can wait a little, such as composing e-mails from the mail
 * outbox, yields to them: a burst of submits is answered first and its e-mails follow
 * (docs/decisions/048-native-first-islands.md, "shopping paths under load").
 */
let inFlight = 0;

/** Counts `work` as a request in flight until it settles. */
export async function countInFlight<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
  }
}

export const requestsInFlight = (): number => inFlight;
