/** The account's paired computers, for its owner and admins: name, last check-in, projects, and unpairing. */
import { allPages, api, seg } from './api.ts';
import { confirmButton, h, loading, withCode } from './dom.ts';
import { dateTime } from './format.ts';
import type { SettingsContext } from './page.ts';
import type { Computer, Page, Project } from './types.ts';
import { announce, badge, cardTable, errorNotice, section } from './widgets.ts';

const COLUMNS = ['Computer', 'Host id', 'Status', 'Last seen', 'Projects', 'Unpair'];

export async function renderComputers(ctx: SettingsContext): Promise<void> {
  const projects = (await allPages<Project>('/projects', {}, { signal: ctx.signal })).items;
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const listArea = h('div', null, loading());
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  ctx.area.append(
    status,
    section('Paired computers', listArea),
    h(
      'p',
      { class: 'hint' },
      ...withCode(
        'To pair a computer, run `npx answerwatch agent login --server <this service’s address>` on it and approve the code it shows. An unpaired computer is refused at its next check-in; its projects have no host until another computer pairs.',
      ),
    ),
  );

  const drawList = async () => {
    const computers = (await api.get<Page<Computer>>('/account/computers', undefined, ctx.signal)).data;
    listArea.replaceChildren(
      computers.length === 0
        ? h('p', { class: 'empty' }, 'No computer is paired with the account.')
        : cardTable(
            'The computers paired with the account',
            COLUMNS,
            computers.map((c) => {
              const name = c.label ?? 'Unnamed computer';
              return [
                name,
                h('code', null, c.id),
                c.online ? badge('Online', 'ok') : badge('Offline', 'bad'),
                c.lastSeenAt ? dateTime(c.lastSeenAt) : 'Never',
                c.projects.length === 0
                  ? 'None'
                  : c.projects.map((id) => projectName.get(id) ?? id).join(', '),
                confirmButton(
                  'Unpair',
                  'Confirm unpair',
                  async () => {
                    try {
                      await api.del(`/account/computers/${seg(c.id)}`);
                      announce(`${name} unpaired.`);
                      status.replaceChildren();
                      await drawList();
                    } catch (err) {
                      status.replaceChildren(errorNotice(err));
                    }
                  },
                  { 'aria-label': `Unpair ${name}` },
                ),
              ];
            }),
          ),
    );
  };
  await drawList().catch((err) => listArea.replaceChildren(errorNotice(err)));
}
