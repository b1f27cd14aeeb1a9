import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where uploaded files are kept: a folder under the data directory by default, an S3-compatible
 * bucket when configured (s3.ts). What goes in is already sealed (the caller encrypts), so
 * neither the disk nor the bucket ever holds a member's file in the clear.
 */
export interface FileStorage {
  /** names what backs it, for the start-up log: "folder …" or "s3 bucket …" */
  readonly description: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** the stored bytes; throws FileMissingError when there are none under the key */
  get(key: string): Promise<Buffer>;
  /** removes the file; a key with no file is no error */
  delete(key: string): Promise<void>;
}

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileMissingError';
  }
}

/** A new key: random, so it says nothing of whose file it is; the prefix groups a kind of file. */
export function newStorageKey(prefix: string): string {
  return `${prefix}/${randomUUID()}`;
}

const KEY = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/** A key the storage accepts: lower-case words and slashes, never `..` or a leading slash. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/**
 * Files in a folder, one per key. A write goes to a temporary name first and is renamed into
 * place, so a crash never leaves half a file under a key.
 */
export function createFolderStorage(folder: string): FileStorage {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    description: `folder ${root}`,
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(resolve(path, '..'), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${randomUUID()}.part`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
