import { describe, expect, test } from 'bun:test';
import { emailDomainAllowed, groupsFromClaims, inAnyGroup } from './idp-claims';

describe('groupsFromClaims', () => {
  test('reads an array, a dotted path, a URL-shaped claim name and a separated string; anything else is none', () => {
    expect(groupsFromClaims({ groups: ['a', 'b', 'a', ' c '] }, 'groups')).toEqual(['a', 'b', 'c']);
    expect(groupsFromClaims({ realm_access: { roles: ['offline_access', 'askreg-admin'] } }, 'realm_access.roles')).toEqual(['offline_access', 'askreg-admin']);
    expect(groupsFromClaims({ 'https://uni.ac.th/roles': ['x'] }, 'https://uni.ac.th/roles')).toEqual(['x']);
    expect(groupsFromClaims({ roles: 'staff, askreg-admin lecturer' }, 'roles')).toEqual(['staff', 'askreg-admin', 'lecturer']);
    expect(groupsFromClaims({ groups: [1, null, { a: 1 }, 'ok'] }, 'groups')).toEqual(['ok']);
    expect(groupsFromClaims({ realm_access: ['not', 'an', 'object'] }, 'realm_access.roles')).toEqual([]);
    expect(groupsFromClaims({}, 'groups')).toEqual([]);
  });

  test('group names match case-insensitively', () => {
    expect(inAnyGroup(['AskReg-Admins'], ['askreg-admins'])).toBe(true);
    expect(inAnyGroup(['askreg-admins-old'], ['askreg-admins'])).toBe(false);
    expect(inAnyGroup([], ['askreg-admins'])).toBe(false);
  });
});

test('emailDomainAllowed: exact domains only, no restriction when none are set', () => {
  expect(emailDomainAllowed('a@uni.ac.th', [])).toBe(true);
  expect(emailDomainAllowed('a@UNI.ac.th', ['uni.ac.th'])).toBe(true);
  expect(emailDomainAllowed('a@student.uni.ac.th', ['uni.ac.th'])).toBe(false);
  expect(emailDomainAllowed('a@evil-uni.ac.th', ['uni.ac.th'])).toBe(false);
  expect(emailDomainAllowed('uni.ac.th@evil.com', ['uni.ac.th'])).toBe(false);
});
