export * from './schema/index.ts';
export { openDatabase, type Database, type DatabaseHandle, type DatabaseOptions, type Executor, type Transaction } from './client.ts';
export { migrate, migrationsFolder, pendingMigrations } from './migrate.ts';
export { observeStatements, type StatementObserver } from './statement-observer.ts';
export { preparedQuery, valueLater } from './prepared.ts';
export { timeOrderedId } from './time-ordered-id.ts';
export { DataDirLockedError } from './lock.ts';
export { seedCatalog } from './seed.ts';
export { sampleLabs } from './seed-labs.ts';
export { zipCentroid } from './zip-centroids.ts';
export { installColumnSealer, openWith, sealWith, splitSealed, SealedColumnError, type ColumnSealer } from './sealed.ts';
export {
  resealColumns,
  rowsOf,
  sealColumnsInClear,
  sealedColumnKeyIds,
  sealedColumns,
  sealedColumnsThatFail,
  type SealedColumn,
} from './sealed-columns.ts';
