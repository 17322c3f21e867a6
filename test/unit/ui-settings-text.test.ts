import { describe, expect, it } from 'vitest';
import { apiAccessNote } from '../../app/ui/src/settings-keys.ts';

describe('the settings’ words', () => {
  it('says above the key form when the plan has no API access, and nothing when it has', () => {
    expect(apiAccessNote({ code: 'free', apiAccess: false })).toBe(
      'Your plan, free, has no API access: keys answer 403 plan_required until the plan changes.',
    );
    expect(apiAccessNote({ code: 'premium', apiAccess: true })).toBeNull();
  });
});
