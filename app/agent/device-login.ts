/**
 * Signing this computer in to a cloud service with the OAuth 2.0 Device Authorization Grant (RFC 8628): the agent
 * asks the service for a code, shows it with the approval page (`/app/device`), and polls until the person, signed
 * in there, approves it for one of their accounts. The service answers with a one-time pair code of that account,
 * and the computer pairs with it exactly as `answerwatch agent pair --code` does (pair.ts).
 */
import { request } from 'undici';
import { AGENT_CLIENT_ID } from '../../server/contract/host-sync.ts';
import { pair, type PairOptions, type PairResult } from './pair.ts';
import { normaliseServerUrl, SyncError } from './sync-client.ts';

const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 section 3.5: after `slow_down` the interval grows by 5 seconds for good. */
const SLOW_DOWN_STEP_S = 5;

export interface DeviceCodeShown {
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  expiresInSeconds: number;
}

export interface DeviceLoginOptions extends Omit<PairOptions, 'code'> {
  /** Shows the code to the person: called once, before polling starts. */
  show(code: DeviceCodeShown): void;
  /** Default: real time. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function postJson(url: string, fields: Record<string, string>) {
  let res;
  try {
    res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(fields),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new SyncError(
      'offline',
      `cannot reach ${new URL(url).origin}: ${(err as Error).message}`,
      null,
      'unreachable',
      {
        cause: err,
      },
    );
  }
  const text = await res.body.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return { status: res.statusCode, json };
}

function refusal(status: number, json: Record<string, unknown>): SyncError {
  const error = typeof json.error === 'string' ? json.error : `http_${status}`;
  const messages: Record<string, string> = {
    access_denied: 'the sign-in was denied on the approval page',
    expired_token: 'the code expired before it was approved (15 minutes): run the command again',
    invalid_grant: 'the code is no longer valid: run the command again',
  };
  const detail =
    messages[error] ??
    (typeof json.error_description === 'string' ? json.error_description : `the service answered ${status}`);
  return new SyncError(status >= 500 ? 'offline' : 'refused', detail, status, error);
}

/** Signs in through the approval page, then pairs; throws SyncError when denied, expired or unreachable. */
export async function deviceLogin(o: DeviceLoginOptions): Promise<PairResult> {
  const base = normaliseServerUrl(o.serverUrl);
  const sleep = o.sleep ?? wait;
  const asked = await postJson(`${base}/auth/device/code`, { client_id: AGENT_CLIENT_ID });
  if (asked.status !== 200) throw refusal(asked.status, asked.json);
  const grant = asked.json as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval?: number;
  };
  o.show({
    userCode: `${grant.user_code.slice(0, 4)}-${grant.user_code.slice(4)}`,
    verificationUri: grant.verification_uri,
    verificationUriComplete: grant.verification_uri_complete,
    expiresInSeconds: grant.expires_in,
  });
  let intervalS = grant.interval ?? 5;
  for (;;) {
    await sleep(intervalS * 1000);
    const polled = await postJson(`${base}/auth/device/token`, {
      grant_type: GRANT_TYPE,
      device_code: grant.device_code,
      client_id: AGENT_CLIENT_ID,
    });
    const error = polled.json.error;
    if (polled.status === 200 && typeof polled.json.access_token === 'string') {
      return pair({ ...o, serverUrl: base, code: polled.json.access_token });
    }
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      intervalS += SLOW_DOWN_STEP_S;
      continue;
    }
    throw refusal(polled.status, polled.json);
  }
}
