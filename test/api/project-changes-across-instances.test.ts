import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

/**
 * Two stores on one database, as two instances have (A is the harness's): each keeps the projects it read
 * (server/store/project-cache.ts), and what one changes about a project the other reads on its very next request.
 */
describe('a project changed by one instance, read by another', () => {
  let h: Harness;
  let b: Store;

  beforeAll(async () => {
    h = await createHarness();
    b = createStore(await openDatabase(h.dbPath, { poolSize: 2 }));
  });
  afterAll(async () => {
    await b.close();
    await h.close();
  });

  it('reads the change at once, however often it read the project before', async () => {
    const { accountId } = await h.account();
    const project = await createProject(h.store, accountId);
    for (let i = 0; i < 3; i += 1) expect((await b.readProject(project.id))?.name).toBe(project.name);
    await h.store.projects.update(project.id, { name: 'Renamed', brandTerms: ['Renamed Co'] });
    const read = await b.readProject(project.id);
    expect(read?.name).toBe('Renamed');
    expect(read?.brandTerms).toEqual(['Renamed Co']);
  });

  it('answers the same project, at the same generation, while nothing changed', async () => {
    const { accountId } = await h.account();
    const project = await createProject(h.store, accountId);
    const first = await b.readProject(project.id);
    expect(await b.readProject(project.id)).toEqual(first);
    expect(await b.readProject('prj_none')).toBeUndefined();
  });
});
