import type { DatabaseHandle } from '@shop/db';
import type { Env } from '../env.ts';

/** What a backup learns of the database it copies, for its manifest. */
export interface DatabaseFacts {
  keyIds: string[];
  migrationsApplied: number;
  /** the major version of pg_dump (PostgreSQL only) */
  pgDumpMajor?: number;
}

/** One database engine's way to copy the shop's database to a file and make a new database from it. */
export interface Engine {
  kind: 'pglite' | 'postgres';
  /** the database file's name inside a backup folder */
  file: string;
  /** where the data lives, without credentials, for the commands' messages */
  describe(env: Env): string;
  /** writes a consistent copy of the database to `file` */
  dump(env: Env, file: string): Promise<DatabaseFacts>;
  /** makes sure the target is new or empty (creating it when it can), or refuses saying why: a restore never writes over data */
  prepareTarget(env: Env): Promise<void>;
  /** makes the target database from `file` and opens it */
  load(env: Env, file: string, pgDumpMajor: number | undefined): Promise<DatabaseHandle>;
}
