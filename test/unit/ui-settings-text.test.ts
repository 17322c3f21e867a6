import { describe, expect, it } from 'vitest';
import { armedName } from '../../app/ui/src/dom.ts';
import { apiAccessNote } from '../../app/ui/src/settings-keys.ts';

describe('the settings’ words', () => {
  it('names a confirm button by what it shows once it asks again', () => {
    expect(armedName('Revoke', 'Confirm revoke', 'Revoke the key BI server')).toBe(
      'Confirm revoke the key BI server',
    );
    expect(armedName('Remove', 'Confirm remove', 'Remove leaver')).toBe('Confirm remove leaver');
    expect(armedName('Make owner', 'Confirm: hand ownership over', 'Make viewer the owner')).toBe(
      'Confirm: hand ownership over (Make viewer the owner)',
    );
  });

  it('says above the key form when the plan has no API access, and nothing when it has', () => {
    expect(apiAccessNote({ code: 'free', apiAccess: false })).toBe(
      'Your plan, free, has no API access: keys answer 403 plan_required until the plan changes.',
    );
    expect(apiAccessNote({ code: 'premium', apiAccess: true })).toBeNull();
  });
});
