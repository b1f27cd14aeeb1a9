import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createClamdScanner, noMalwareScanner, parseScannerAddress, type MalwareScanner } from './malware.ts';
import { createS3Storage } from './s3.ts';
import { createFolderStorage, type FileStorage } from './storage.ts';

export interface FilePorts {
  storage: FileStorage;
  scanner: MalwareScanner;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** where uploads are kept, and what checks them first */
    files: FilePorts;
  }
}

/** The file storage and the malware scanner the configuration names (.env.example). */
export function filePortsFrom(env: Env): FilePorts {
  const s3 =
    env.FILE_STORAGE_S3_ENDPOINT && env.FILE_STORAGE_S3_BUCKET && env.FILE_STORAGE_S3_ACCESS_KEY_ID && env.FILE_STORAGE_S3_SECRET_ACCESS_KEY
      ? {
          endpoint: env.FILE_STORAGE_S3_ENDPOINT,
          bucket: env.FILE_STORAGE_S3_BUCKET,
          region: env.FILE_STORAGE_S3_REGION,
          accessKeyId: env.FILE_STORAGE_S3_ACCESS_KEY_ID,
          secretAccessKey: env.FILE_STORAGE_S3_SECRET_ACCESS_KEY,
          sessionToken: env.FILE_STORAGE_S3_SESSION_TOKEN,
        }
      : null;
  const address = env.CLAMAV_ADDRESS ? parseScannerAddress(env.CLAMAV_ADDRESS) : null;
  return {
    storage: s3 ? createS3Storage(s3) : createFolderStorage(join(env.DATA_DIR, 'uploads')),
    scanner: address ? createClamdScanner(address) : noMalwareScanner,
  };
}
