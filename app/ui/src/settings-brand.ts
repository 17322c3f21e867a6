/**
 * What the account's reports are shown under (GET/PUT /v1/account/brand), for its owner and admins: a name, an
 * accent colour and a logo (PNG or SVG, at most 200 KB, checked here before it is sent; the service sanitises an
 * SVG and checks again). The logo is shown as an <img> from a data: URL, so nothing in it runs.
 */
import { api } from './api.ts';
import { button, checkbox, field, h, input, loading } from './dom.ts';
import type { SettingsContext } from './page.ts';
import type { AccountBrand } from './types.ts';
import { announce, errorNotice, onSubmit } from './widgets.ts';

/** The contract's MAX_LOGO_BYTES (server/contract/account-brand.ts), which the bundle cannot import without zod. */
const MAX_LOGO_BYTES = 200 * 1024;
const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
type Logo = NonNullable<AccountBrand['logo']>;

/** The file as the API takes it, or why not. */
async function logoOf(file: File): Promise<Logo> {
  const type = LOGO_TYPES.find((t) => t === file.type);
  if (!type) throw new Error(`${file.name} is not a PNG or SVG image.`);
  if (file.size > MAX_LOGO_BYTES)
    throw new Error(`${file.name} is ${Math.ceil(file.size / 1024)} KB: a logo is at most 200 KB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { type, data: btoa(binary) };
}

const logoImage = (logo: Logo) =>
  h('img', { class: 'brand-logo', src: `data:${logo.type};base64,${logo.data}`, alt: 'The report logo' });

export async function renderBrand(ctx: SettingsContext): Promise<void> {
  ctx.area.append(loading());
  let brand: AccountBrand;
  try {
    brand = await api.get<AccountBrand>('/account/brand', undefined, ctx.signal);
  } catch (err) {
    ctx.area.replaceChildren(errorNotice(err));
    return;
  }
  const name = input({ name: 'brand-name', maxlength: 100, value: brand.name ?? '' });
  const accent = input({ type: 'color', name: 'accent', value: brand.accent ?? '#0e7490' });
  const plain = checkbox('The default colour', brand.accent === null, { name: 'default-accent' });
  const file = input({ type: 'file', name: 'logo', accept: LOGO_TYPES.join(',') });
  const shown = h('div', { class: 'brand-logo-slot' });
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  /** Remove logo was pressed since the last save. */
  let removed = false;
  const remove = button('Remove logo', () => {
    removed = true;
    shown.replaceChildren(h('p', { class: 'hint' }, 'The logo goes when you save.'));
  });
  const draw = (b: AccountBrand) => {
    removed = false;
    file.value = '';
    if (b.logo) shown.replaceChildren(logoImage(b.logo), ' ', remove);
    else shown.replaceChildren(h('p', { class: 'hint' }, 'No logo: reports show the name alone.'));
  };
  accent.addEventListener('input', () => (plain.box.checked = false));
  // Checked and shown at once; read again on Save, so a Save clicked while the file is still being read sends it.
  file.addEventListener('change', async () => {
    status.replaceChildren();
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      shown.replaceChildren(logoImage(await logoOf(chosen)));
    } catch (err) {
      file.value = '';
      status.replaceChildren(errorNotice(err));
    }
  });
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Report brand' },
    field('Name', name, `Empty: the account’s own name${ctx.account.name ? ` (${ctx.account.name})` : ''}.`),
    field('Accent colour', accent, 'Headings, rules and bars of the report.'),
    plain.wrap,
    h('div', null, h('p', null, 'Logo'), shown),
    field('New logo', file, 'A PNG or SVG file, at most 200 KB.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save')),
    status,
  );
  onSubmit(form, status, async () => {
    const chosen = file.files?.[0];
    const logo = chosen ? await logoOf(chosen) : removed ? null : undefined;
    const saved = await api.put<AccountBrand>('/account/brand', {
      name: name.value.trim() || null,
      accent: plain.box.checked ? null : accent.value,
      ...(logo !== undefined && { logo }),
    });
    draw(saved);
    announce('Report brand saved.');
    return 'Saved: reports and share pages show it from now on.';
  });
  draw(brand);
  ctx.area.replaceChildren(form);
}
