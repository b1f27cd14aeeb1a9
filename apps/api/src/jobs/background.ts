import type { FastifyInstance } from 'fastify';

/**
 * Runs the job worker inside the shop's process: it starts once the app is ready and, when the
 * app closes, stops taking jobs and finishes the one it is running before the database closes.
 */
export function runJobsInBackground(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    app.jobs.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
  });
}
