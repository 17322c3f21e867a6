import { APIError } from 'better-auth/api';
import type { IdentityRows } from './sign-up.ts';

/** Invitations last a week (the library's default is two days). */
export const INVITATION_DAYS = 7;

const ONE_OWNER =
  'An account has exactly one owner: its owner hands ownership over to a member (make them owner), never adds one.';

const holds = (roles: string, role: string) => roles.split(',').some((r) => r.trim() === role);

/**
 * The rules of an account's people the organization plugin does not hold by itself. Its access control already
 * keeps members and viewers from managing people (roles.ts), keeps admins from removing or changing the owner or
 * making anyone owner, and refuses to invite a member again; what is added here:
 * - exactly one owner: an invitation to be owner only while the account has none (the operator's first person,
 *   `answerwatch people invite --role owner`), checked again when it is accepted;
 * - handing over: when the owner makes a member owner, the previous owner becomes an admin;
 * - removing a person ends their sessions in that account at once (their next /v1 read is a 401).
 */
export function peopleRules(adapter: () => Promise<IdentityRows>) {
  const hasOwner = async (organizationId: string) =>
    (
      await (
        await adapter()
      ).findMany<{ role: string }>({
        model: 'member',
        where: [{ field: 'organizationId', value: organizationId }],
      })
    ).some((m) => holds(m.role, 'owner'));
  const refuseSecondOwner = async (role: string | null | undefined, organizationId: string) => {
    if (role && holds(role, 'owner') && (await hasOwner(organizationId))) {
      throw new APIError('FORBIDDEN', { message: ONE_OWNER, code: 'ACCOUNT_HAS_AN_OWNER' });
    }
  };
  return {
    beforeCreateInvitation: async ({
      invitation,
    }: {
      invitation: { role: string; organizationId: string };
    }) => {
      await refuseSecondOwner(invitation.role, invitation.organizationId);
    },
    beforeAcceptInvitation: async ({
      invitation,
    }: {
      invitation: { role: string; organizationId: string };
    }) => {
      await refuseSecondOwner(invitation.role, invitation.organizationId);
    },
    afterUpdateMemberRole: async ({
      member,
    }: {
      member: { id: string; role: string; organizationId: string };
    }) => {
      if (!holds(member.role, 'owner')) return;
      const rows = await adapter();
      const members = await rows.findMany<{ id: string; role: string }>({
        model: 'member',
        where: [{ field: 'organizationId', value: member.organizationId }],
      });
      // Only the owner may make an owner (the library's rule), so the other owner is the one handing over.
      for (const previous of members.filter((m) => m.id !== member.id && holds(m.role, 'owner'))) {
        await rows.update({
          model: 'member',
          where: [{ field: 'id', value: previous.id }],
          update: { role: 'admin' },
        });
      }
    },
    afterRemoveMember: async ({ member }: { member: { userId: string; organizationId: string } }) => {
      await (
        await adapter()
      ).deleteMany({
        model: 'session',
        where: [
          { field: 'userId', value: member.userId },
          { field: 'activeOrganizationId', value: member.organizationId },
        ],
      });
    },
  };
}
