import type { FastifyInstance } from 'fastify';
import { renderDocsPage } from '../contract/docs-page.ts';
import { buildOpenApiDocument } from '../contract/openapi.ts';
import { JsonText } from '../domain/json-text.ts';
import { sendJsonText } from '../http/send-json-text.ts';

/**
 * The machine-readable description and the readable reference are public and built once, at start, as the bytes
 * they are sent as: a string would be encoded again for every request (226 KB), and the document object is not
 * kept once both are rendered. The JSON is gzipped once for clients that ask, as the API's large bodies are.
 */
export function referenceRoutes(app: FastifyInstance, baseUrl: string): void {
  const document = buildOpenApiDocument(baseUrl);
  const json = new JsonText(JSON.stringify(document));
  const html = Buffer.from(renderDocsPage(document));
  app.get('/openapi.json', async (req, reply) => sendJsonText(req, reply, json, false));
  app.get('/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:",
      )
      .send(html),
  );
}
