import type { Config } from '../config.ts';
import type { Store } from '../store/index.ts';

/** Where `serve` records the address people reach it at (its ANSWERWATCH_PUBLIC_URL, with `/v1`). */
export const PUBLIC_URL_SETTING = 'public_url';

/**
 * The base the links an operator's command writes (an invitation's) point at: ANSWERWATCH_PUBLIC_URL when the shell
 * sets it, else what the service recorded at its last start, else the default address.
 */
export async function linkBaseUrl(store: Store, config: Config, env: NodeJS.ProcessEnv): Promise<string> {
  if (env.ANSWERWATCH_PUBLIC_URL?.trim()) return config.baseUrl;
  return (await store.settings.get(PUBLIC_URL_SETTING)) ?? config.baseUrl;
}
