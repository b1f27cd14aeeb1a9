import { readFileSync } from 'node:fs';

// Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common platform.
const TICKS_PER_SECOND = 100;

function cpuTicks(pid) {
  try {
    // the command name (field 2) may hold spaces; the fields after its closing parenthesis do not
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * CPU time spent by the API process, by the PostgreSQL backends of the benchmark's database and
 * by this process (the load generator) during a phase. Unlike latency, it hardly moves when other work shares the machine, so it tells
 * what a request costs even on a busy machine.
 */
export async function cpuMeter(sql, database, apiPid) {
  const backends = async () =>
    (await sql.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows.map(
      (row) => row.pid,
    );
  const sample = async () => {
    const pids = await backends();
    return { api: cpuTicks(apiPid) ?? 0, db: new Map(pids.map((pid) => [pid, cpuTicks(pid)])) };
  };
  const before = await sample();
  const client = process.cpuUsage();
  return async () => {
    const used = process.cpuUsage(client);
    const after = await sample();
    let db = 0;
    for (const [pid, ticks] of after.db) {
      // a backend opened during the phase counts from zero
      const start = before.db.get(pid) ?? 0;
      if (ticks !== undefined) db += ticks - start;
    }
    return {
      apiSeconds: (after.api - before.api) / TICKS_PER_SECOND,
      dbSeconds: db / TICKS_PER_SECOND,
      // the load generator shares the cores: what it costs is printed beside the server's figures
      clientSeconds: (used.user + used.system) / 1e6,
    };
  };
}
