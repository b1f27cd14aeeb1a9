import { jobDuration, jobFailures, jobRetries, jobRuns } from './metrics.ts';

/**
 * How a job run ended, as the job runner (jobs/worker.ts) counts it: `succeeded`; `retrying` (it
 * failed and goes back in the queue); `failed` (it failed with no tries left); `abandoned` (its
 * workers kept stopping mid-run, so it is not run again). The job's name is the worker's own
 * handler name, a constant of the code.
 */
export function countJobRun(job: string, outcome: 'succeeded' | 'retrying' | 'failed' | 'abandoned', elapsedMs: number): void {
  if (outcome === 'abandoned') {
    jobFailures.inc({ job });
    return;
  }
  jobRuns.inc({ job, outcome: outcome === 'succeeded' ? 'succeeded' : 'failed' });
  jobDuration.observe({ job }, elapsedMs / 1000);
  if (outcome === 'retrying') jobRetries.inc({ job });
  if (outcome === 'failed') jobFailures.inc({ job });
}

/** The series of every job a worker runs, at 0: a job's first failure is then an increase. */
export function prepareJobSeries(jobs: readonly string[]): void {
  for (const job of jobs) {
    for (const outcome of ['succeeded', 'failed']) jobRuns.inc({ job, outcome }, 0);
    jobRetries.inc({ job }, 0);
    jobFailures.inc({ job }, 0);
  }
}
