import { expect, test } from 'bun:test';
import { DevAccounts } from './accounts';

test('invented demo accounts are bounded: the oldest invented one goes, the demo people stay, and a gone one comes back on use', () => {
  const accounts = new DevAccounts();
  accounts.setGroups('first@uni.ac.th', ['askreg-admins']);
  for (let i = 0; i < 5_000; i++) accounts.ensure(`u${i}@uni.ac.th`);
  const size = (accounts as unknown as { byEmail: Map<string, unknown> }).byEmail.size;
  expect(size).toBe(accounts.list().length + 5_000);
  expect(accounts.find('admin@demo.ac.th')?.groups).toEqual(['askreg-admins', 'staff']);
  // the first invented account was evicted: found again, fresh (no groups)
  expect(accounts.find('first@uni.ac.th')).toMatchObject({ email: 'first@uni.ac.th', groups: [] });
  expect(accounts.ensure('not an e-mail')).toBeNull();
});
