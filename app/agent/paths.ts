/**
 * Where the agent keeps its files: its database and the browser profile, in one data directory. Kept apart from
 * the store and the engines so the CLI can name them without loading either.
 */
import { join } from 'node:path';

export const DEFAULT_DATA_DIR = './data/agent';
const AGENT_DB_FILE = 'agent.db';

/** The default database file of a data directory. */
export const agentDbPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}/${AGENT_DB_FILE}`;

/** `<dataDir>/browser-profile`: the profile the user signs in to with `answerwatch agent login ENGINE`. */
export const browserProfileDir = (dataDir: string) => join(dataDir, 'browser-profile');
