import { scrubLogText } from '../logging/safe-error.ts';
import type { JobLog } from './worker.ts';

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** One JSON line per event on stdout, like the shop's server log, for the worker run alone. */
export function createJsonLog(level: (typeof levels)[number]): JobLog {
  const threshold = levels.indexOf(level);
  const write = (name: 'info' | 'warn' | 'error') => (details: Record<string, unknown>, message: string) => {
    if (levels.indexOf(name) < threshold) return;
    // the shop's log scrubs in its serializers; this one has none, so its text is scrubbed here
    const line = JSON.stringify({ level: name, time: new Date().toISOString(), source: 'jobs', ...details, msg: message });
    process.stdout.write(`${scrubLogText(line)}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
