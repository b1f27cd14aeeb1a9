import { openDatabase, migrate, seedCatalog, type DatabaseHandle } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Env } from './env.ts';
import { localSecret } from './secrets.ts';
import { ensureStaffAccount } from './seed/operator.ts';
import { mountWeb } from './web/mount.ts';

export interface StartedShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  operator: { email: string; password: string | undefined; passwordFile: string | undefined };
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
    const operatorPasswordFile = env.OPERATOR_PASSWORD ? undefined : `${env.DATA_DIR}/operator-password`;
    const operatorPassword = env.OPERATOR_PASSWORD ?? localSecret(env.DATA_DIR, 'operator-password', 12);
    await database.exclusively(async () => {
      await ensureStaffAccount(database.db, app.auth, {
        email: env.OPERATOR_EMAIL,
        password: operatorPassword,
        role: 'operator',
        name: 'Operator',
      });
      // a clinician approves orders; seeded only when a password is given (development, browser tests)
      if (env.CLINICIAN_PASSWORD) {
        await ensureStaffAccount(database.db, app.auth, {
          email: env.CLINICIAN_EMAIL,
          password: env.CLINICIAN_PASSWORD,
          role: 'clinician',
          name: 'Clinician',
        });
      }
      // a health coach publishes coaching slots; seeded the same way
      if (env.COACH_PASSWORD) {
        await ensureStaffAccount(database.db, app.auth, {
          email: env.COACH_EMAIL,
          password: env.COACH_PASSWORD,
          role: 'coach',
          name: 'Health coach',
        });
      }
    });
    return {
      app,
      database,
      operator: { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD, passwordFile: operatorPasswordFile },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
