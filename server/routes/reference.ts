import type { FastifyInstance } from 'fastify';
import { renderDocsPage } from '../contract/docs-page.ts';
import { buildOpenApiDocument } from '../contract/openapi.ts';

/**
 * The machine-readable description and the readable reference are public and built once, at start, as the bytes
 * they are sent as: a string would be encoded again for every request (226 KB), and the document object is not
 * kept once both are rendered.
 */
export function referenceRoutes(app: FastifyInstance, baseUrl: string): void {
  const document = buildOpenApiDocument(baseUrl);
  const json = Buffer.from(JSON.stringify(document));
  const html = Buffer.from(renderDocsPage(document));
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
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
