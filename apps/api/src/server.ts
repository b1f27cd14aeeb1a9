import { openDatabase, migrate, sealColumnsInClear, seedCatalog, type DatabaseHandle } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { sealCensusInClear } from './employers/census-seal.ts';
import type { Env } from './env.ts';
import { assertKeysOpenStored } from './keys/probe.ts';
import { localSecret } from './secrets.ts';
import { ensureDevelopmentLicences, ensureStaffAccount } from './seed/operator.ts';
import { mountWeb } from './web/mount.ts';

/** A staff account the start made sure of, as the start banner names it: where its password is. */
export interface StaffLogin {
  role: 'operator' | 'clinician' | 'support' | 'coach';
  email: string;
  /** the file the generated password is kept in; undefined when the environment gave it */
  passwordFile: string | undefined;
}

export interface StartedShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** the operator first, then the clinician, support and coach accounts that were made sure of */
  staff: StaffLogin[];
}

interface StaffSeed {
  role: StaffLogin['role'];
  name: string;
  email: string;
  password: string | undefined;
  /** made with a generated password when none is given: the operator always; clinician and support outside production */
  generated: boolean;
}

/**
 * The accounts a start makes sure of. The operator always exists. Outside production a clinician
 * and a support account exist too, so that a first start can take an order from payment to
 * results without stopping the embedded database to add anyone; their passwords are generated
 * into the data folder like the operator's. A health coach, and in production every account
 * but the operator, exists when its password is given. Outside production the clinician is
 * licensed in every state where tests are sold; operators keep real licences in the console.
 */
function staffSeeds(env: Env): StaffSeed[] {
  const development = env.NODE_ENV !== 'production';
  return [
    { role: 'operator', name: 'Operator', email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD, generated: true },
    { role: 'clinician', name: 'Clinician', email: env.CLINICIAN_EMAIL, password: env.CLINICIAN_PASSWORD, generated: development },
    { role: 'support', name: 'Support', email: env.SUPPORT_STAFF_EMAIL, password: env.SUPPORT_STAFF_PASSWORD, generated: development },
    { role: 'coach', name: 'Health coach', email: env.COACH_EMAIL, password: env.COACH_PASSWORD, generated: false },
  ];
}

/** Opens the database, brings it up to date, seeds it and builds the app, without listening. */
export async function prepareShop(env: Env, options: { web: boolean; logger?: boolean }): Promise<StartedShop> {
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    // processes that start together take turns: the first migrates and seeds, the others find it done
    await database.exclusively(async () => {
      await migrate(database);
      await seedCatalog(database.db);
    });
    const app = await buildApp({
      env,
      db: database.db,
      pingDatabase: database.ping,
      authSecret: env.AUTH_SECRET ?? localSecret(env.DATA_DIR, 'auth-secret'),
      web: options.web ? mountWeb : undefined,
      logger: options.logger,
      background: true,
    });
    // a shop whose keys cannot open what is stored refuses to start, naming the variable (decision 0072)
    try {
      await assertKeysOpenStored(database.db, app.results.cipher);
    } catch (error) {
      await app.close();
      throw error;
    }
    // census rows written in clear before migration 0042 are sealed once the app holds the keys (decision 0057),
    // and the health data written in clear before migration 0052 (decision 0072)
    await database.exclusively(async () => {
      await sealCensusInClear(database.db, app.census);
      await sealColumnsInClear(database.db, app.results.cipher);
    });
    const staff: StaffLogin[] = [];
    await database.exclusively(async () => {
      for (const seed of staffSeeds(env)) {
        if (!seed.password && !seed.generated) continue;
        const passwordFile = seed.password ? undefined : `${env.DATA_DIR}/${seed.role}-password`;
        const password = seed.password ?? localSecret(env.DATA_DIR, `${seed.role}-password`, 12);
        await ensureStaffAccount(database.db, app.auth, { email: seed.email, password, role: seed.role, name: seed.name });
        if (seed.role === 'clinician' && env.NODE_ENV !== 'production') await ensureDevelopmentLicences(database.db, seed.email);
        staff.push({ role: seed.role, email: seed.email, passwordFile });
      }
    });
    return { app, database, staff };
  } catch (error) {
    await database.close();
    throw error;
  }
}
