// `npm run client:generate`: writes the API's OpenAPI document to packages/client/openapi.json and
// the client's types to packages/client/src/api-types.ts (both committed; a test compares them).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { clientFiles, generateClientFiles } from '../openapi/client-files.ts';

const files = await generateClientFiles();
writeFileSync(clientFiles.document, files.document);
writeFileSync(clientFiles.types, files.types);
for (const path of [clientFiles.document, clientFiles.types]) console.log(`wrote ${relative(process.cwd(), path)}`);
