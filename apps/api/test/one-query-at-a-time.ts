/**
 * Fails the integration run when a query is sent on a PostgreSQL connection that is still running
 * another (reads put in `Promise.all` inside a transaction): pg queues it today, warns once per
 * process, and refuses it from its next major version. The warning names no caller; the statements
 * on the connection at that moment can be logged from `PreparingClient.query` in packages/db.
 */
const QUEUED_QUERY = /client is already executing a query/;
const marked = globalThis as { oneQueryAtATime?: true };

if (!marked.oneQueryAtATime) {
  marked.oneQueryAtATime = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && QUEUED_QUERY.test(warning.message)) {
      throw new Error(`A query was sent on a connection still running another: ${warning.message}`);
    }
  });
}
