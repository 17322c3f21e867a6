import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, serializeOpenApiDocument } from './openapi.ts';

/** `npm run openapi`: regenerates the committed `server/contract/openapi.json` from the zod contract. */
const target = fileURLToPath(new URL('./openapi.json', import.meta.url));
writeFileSync(target, serializeOpenApiDocument(buildOpenApiDocument()));
console.log(`wrote ${target}`);
