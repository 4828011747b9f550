import { initialUserState } from '../user.state';
import { decideAdminRole } from './change-role.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';
const otherAdmin = '0f3c1a52-8d7e-4b7a-9c1d-2e3f4a5b6c7d';
const member = initialUserState(userId);
const admin = { ...member, isAdmin: true };

describe('decideAdminRole', () => {
  it('given a member, when granted, then one event; given an admin, when granted, then none', () => {
    expect(decideAdminRole(member, true, otherAdmin)).toEqual([{ type: 'AdminRoleGranted', data: { userId } }]);
    expect(decideAdminRole(admin, true, otherAdmin)).toEqual([]);
  });

  it('given an admin, when another admin or the operator revokes, then one event; given a member, then none', () => {
    expect(decideAdminRole(admin, false, otherAdmin)).toEqual([{ type: 'AdminRoleRevoked', data: { userId } }]);
    expect(decideAdminRole(admin, false, null)).toEqual([{ type: 'AdminRoleRevoked', data: { userId } }]);
    expect(decideAdminRole(member, false, otherAdmin)).toEqual([]);
  });

  it('given an admin, when they revoke their own role, then it is a conflict', () => {
    expect(() => decideAdminRole(admin, false, userId)).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('given an erased account, then it is not found', () => {
    expect(() => decideAdminRole({ ...member, erased: true }, true, otherAdmin)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
