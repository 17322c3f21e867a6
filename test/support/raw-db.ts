export { rawDb } from './test-db.ts';
