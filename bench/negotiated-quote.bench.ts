/**
 * The negotiated quote (decision 049): the desk sends a version of a 100-line request (each
 * line with one alternative) and the customer answers it line by line, on PGlite and on
 * PostgreSQL when a server answers. Wall-clock milliseconds per operation, p50 and p95 of the
 * runs (the first run of each engine warms up and is not counted).
 *
 *   node bench/negotiated-quote.bench.ts [--runs 30]
 */
import { parseArgs } from 'node:util';
import { sendPricedQuote } from '../src/features/quotes/pricing/pricing.server.ts';
import { SendQuoteSchema } from '../src/features/quotes/pricing/pricing.ts';
import { answerVersion } from '../src/features/quotes/versions/answer.server.ts';
import { changeQuoteStatus } from '../src/features/quotes/workflow/workflow.server.ts';
import { createUser, seedAccountReference } from '../tests/factories/accounts.ts';
import { createProduct } from '../tests/factories/catalog.ts';
import { createQuoteRequest } from '../tests/factories/quotes.ts';
import { createTestDatabase, ENGINES } from '../tests/support/databases.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const LINES = 100;
const schema = SendQuoteSchema({ price: 'price', note: 'note' });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

console.log(`# A ${LINES}-line version, sent and answered (${runs} runs per engine)\n`);
for (const engine of ENGINES) {
  const test = await createTestDatabase(engine);
  const db = test.handle.db;
  const fixtures = await seedAccountReference(db);
  const staff = await createUser(db, { role: 'admin' });
  const product = await createProduct(db, { variants: [{ sizeLabel: '#3' }] });
  const altSku = product.variants[0]?.sku ?? '';
  const send: number[] = [];
  const answer: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const customer = await createUser(db);
    const quote = await createQuoteRequest(db, {
      user: customer,
      locationId: fixtures.locationId,
      lines: Array.from({ length: LINES }, (_, index) => ({ quantity: 1 + (index % 5), unitPriceCents: 1000 + index })),
    });
    await changeQuoteStatus(db, { quoteId: quote.id, to: 'in_review', staffId: staff.id });
    const prices = schema.parse({
      lines: Array.from({ length: LINES }, (_, index) => ({
        line: index + 1,
        unitPrice: '12.50',
        alternatives: [{ sku: altSku, unitPrice: '11', reason: 'Sold out in #2 pots' }],
      })),
      fees: '75',
      taxes: '100',
    });
    let started = performance.now();
    await sendPricedQuote(db, { quoteId: quote.id, staffId: staff.id, prices });
    const sent = performance.now() - started;
    const version = await db
      .selectFrom('quote_versions')
      .select('id')
      .where('quote_request_id', '=', quote.id)
      .executeTakeFirstOrThrow();
    const answers = Array.from({ length: LINES }, (_, index) =>
      index % 3 === 0
        ? { line: index + 1, answer: 'refuse' as const }
        : index % 3 === 1
          ? { line: index + 1, answer: 'alternative' as const, alternative: 1 }
          : { line: index + 1, answer: 'accept' as const },
    );
    started = performance.now();
    const result = await answerVersion(db, { versionId: version.id, answers, ipAddress: '', userAgent: 'bench' });
    const answered = performance.now() - started;
    if (result.kind !== 'recorded') throw new Error(`Not recorded: ${result.kind}`);
    if (run > 0) {
      send.push(sent);
      answer.push(answered);
    }
  }
  await test.drop();
  console.log(`## ${engine}`);
  for (const [label, times] of [
    ['send a version (100 lines, 100 alternatives)', send],
    ['answer it line by line', answer],
  ] as const) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `- ${label}: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`,
    );
  }
}
process.exit(0);
