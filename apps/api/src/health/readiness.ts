import type { FastifyBaseLogger } from 'fastify';

export type ReadinessAnswer = { ready: true } | { ready: false; stopping: boolean; reason: string };

/** What readiness asks, each a function so the app's own parts are handed in (app.ts). */
export interface ReadinessChecks {
  pingDatabase(): Promise<boolean>;
  /** how many of this code's migrations the database has not run */
  pendingMigrations(): Promise<number>;
  /** the key ids whose stored results the configured keys do not open; null when all open */
  keysThatFail(): Promise<string[] | null>;
  /** whether a job worker is alive: this process's own, or another's recent heartbeat (jobs/heartbeat.ts) */
  workerAlive(): Promise<boolean>;
  log: FastifyBaseLogger;
}

export interface Readiness {
  /** Ready to take traffic: not stopping, the database answers, migrations done, keys open what is stored, a worker alive. */
  check(): Promise<ReadinessAnswer>;
  /** Fails readiness from now on: the process is stopping and a load balancer should send no more. */
  stop(): void;
  readonly stopping: boolean;
}

/**
 * The readiness of one process. The database is asked on every check; migrations and keys, once
 * they pass, are not asked again, since neither can go back while the process runs (a newer
 * release migrating further leaves none pending here, and the keys are read once at start). The
 * worker is asked every time too: a shop whose worker died takes orders whose receipts, charges
 * and e-mails never go, which a load balancer cannot mend but the operator's alert on it can.
 */
export function createReadiness(checks: ReadinessChecks): Readiness {
  let stopping = false;
  let migrated = false;
  let keysOpen = false;
  let lastReason: string | undefined;

  const notReady = (reason: string, detail: Record<string, unknown> = {}): ReadinessAnswer => {
    // said once when it starts failing, not at every probe
    if (reason !== lastReason) checks.log.warn({ reason, ...detail }, 'not ready');
    lastReason = reason;
    return { ready: false, stopping: false, reason };
  };

  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
    async check() {
      if (stopping) return { ready: false, stopping: true, reason: 'the process is stopping' };
      if (!(await checks.pingDatabase())) return notReady('the database does not answer');
      try {
        if (!migrated) {
          const pending = await checks.pendingMigrations();
          if (pending > 0) return notReady(`${pending} migration(s) not applied yet`);
          migrated = true;
        }
        if (!keysOpen) {
          const failing = await checks.keysThatFail();
          // the key ids are logged for the operator; the public answer names none
          if (failing) return notReady('the results keys do not open the stored health data', { keyIds: failing });
          keysOpen = true;
        }
        if (!(await checks.workerAlive())) return notReady('no job worker is running');
      } catch (error) {
        return notReady('the database could not be checked', { err: error });
      }
      lastReason = undefined;
      return { ready: true };
    },
  };
}
