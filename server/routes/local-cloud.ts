import type { FastifyInstance } from 'fastify';
import { CloudSignInStart, CloudSignInState } from '../contract/cloud-sign-in.ts';
import { AppError } from '../domain/errors.ts';

/** This computer's sign-in to a cloud service, run by `start` (server/cli/cloud-host.ts). */
export interface CloudSignInPort {
  state(): Promise<CloudSignInState>;
  /** Begins a sign-in to the typed address; an AppError for a bad address or one already under way. */
  start(server: string): Promise<CloudSignInState>;
}

/**
 * `/local/v1/cloud-sign-in`, for the owner of `start` (the desktop app's "Sign in to the cloud"): GET says where
 * the sign-in stands, POST `{server}` begins one and answers 202 at once; the page polls GET until it ends.
 */
export function cloudSignInRoutes(local: FastifyInstance, cloud: CloudSignInPort | undefined): void {
  const port = () => {
    if (!cloud) throw new AppError('not_found', 'This service signs no computer in to a cloud service.');
    return cloud;
  };
  local.get('/cloud-sign-in', async () => CloudSignInState.parse(await port().state()));
  local.post('/cloud-sign-in', { schema: { body: CloudSignInStart } }, async (req, reply) => {
    const started = await port().start(CloudSignInStart.parse(req.body).server);
    return reply.code(202).send(CloudSignInState.parse(started));
  });
}
