/**
 * A webhook receiver to try webhooks on one machine (the README's first steps): the fake receiver on 127.0.0.1
 * with the TEST-ONLY certificate (certs/), printing one line for each delivery and whether its signature
 * verifies with WEBHOOK_SECRET. The service must trust certs/ca.pem (NODE_EXTRA_CA_CERTS) and admit a private
 * address (ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE=1).
 *
 *   WEBHOOK_SECRET=whsec_… npx tsx test/fakes/webhook-receiver-cli.ts [port]   (default 8443; stop with Ctrl-C)
 */
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startWebhookReceiver, type ReceivedWebhook } from './webhook-receiver.ts';

const DEFAULT_PORT = 8443;

function describe(arrived: ReceivedWebhook, secret: string | undefined): string {
  const header = arrived.headers['x-service-signature'];
  const signature = typeof header === 'string' ? header : '';
  const check =
    secret === undefined
      ? 'signature not checked (WEBHOOK_SECRET is not set)'
      : verifySignature(arrived.rawBody, signature, secret)
        ? 'signature verified'
        : 'signature DOES NOT VERIFY';
  let event = '(not JSON)';
  try {
    const body = JSON.parse(arrived.rawBody.toString('utf8')) as { event?: unknown; id?: unknown };
    event = `${String(body.event)} ${String(body.id)}`;
  } catch {
    // A body that is not JSON is reported as such; the line still says what arrived.
  }
  return `received ${event} at ${arrived.path}: ${check}`;
}

const portArgument = process.argv[2];
const port = portArgument === undefined ? DEFAULT_PORT : Number(portArgument);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(
    `webhook receiver: the port must be a whole number from 1 to 65535, not ${portArgument}\n`,
  );
  process.exit(1);
}
const secret = process.env.WEBHOOK_SECRET || undefined;
const receiver = await startWebhookReceiver({
  port,
  onReceive: (arrived) => {
    // A GET is a readiness probe (the README waits for the receiver with curl); only deliveries are reported.
    if (arrived.method === 'POST') process.stdout.write(`${describe(arrived, secret)}\n`);
  },
});
process.stderr.write(`webhook receiver listening on ${receiver.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void receiver.close().then(() => process.exit(0)));
}
