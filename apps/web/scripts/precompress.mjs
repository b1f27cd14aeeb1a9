// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the client build,
// at the highest levels, once per build. The server hands these to browsers that accept them
// instead of compressing each response again (docs/decisions/0014-precompressed-build.md).
//   node scripts/precompress.mjs [build/client]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const compressible = /\.(html|js|css|data|svg|xml|txt|json|webmanifest)$/;
// below this a compressed copy saves less than a packet
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const dir = resolve(import.meta.dirname, '..', process.argv[2] ?? 'build/client');

let files = 0;
let original = 0;
let compressed = 0;
for (const name of await readdir(dir, { recursive: true })) {
  const path = join(dir, name);
  if (!compressible.test(name) || (await stat(path)).size < MIN_BYTES) continue;
  const body = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  files += 1;
  original += body.length;
  compressed += br.length;
}
console.log(`Precompressed ${files} files: ${(original / 1024).toFixed(0)} KB, ${(compressed / 1024).toFixed(0)} KB as brotli`);
