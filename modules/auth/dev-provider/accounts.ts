// Demo people of the built-in development provider. Any other e-mail signs in too (via the form or
// `login_hint`) and is remembered until the provider stops, so tests and scripts can invent accounts.

export interface DevAccount {
  email: string;
  given_name: string;
  family_name: string;
  /** shown on the sign-in page only; real rights come from the app's own database */
  label: string;
  /** sent as the `groups`, `roles` and `realm_access.roles` claims (try OIDC_ADMIN_GROUPS=askreg-admins) */
  groups: string[];
}

/** Demo admins become admins through the ADMIN_EMAILS mechanism while the built-in provider is in use. */
export const DEMO_ADMIN_EMAILS = ['admin@demo.ac.th'];

const DEMO: DevAccount[] = [
  { email: 'admin@demo.ac.th', given_name: 'สมชาย', family_name: 'ใจดี', label: 'ผู้ดูแลระบบ (เจ้าหน้าที่กองกิจการนักศึกษา)', groups: ['askreg-admins', 'staff'] },
  { email: 'student@demo.ac.th', given_name: 'สมหญิง', family_name: 'รักเรียน', label: 'นักศึกษา', groups: ['students'] },
  { email: 'club@demo.ac.th', given_name: 'ธนากร', family_name: 'กิจกรรมดี', label: 'นายกสโมสรนักศึกษา', groups: ['students', 'club-leaders'] },
  { email: 'staff@demo.ac.th', given_name: 'วิภาวรรณ', family_name: 'ศรีสุข', label: 'บุคลากร', groups: ['staff'] },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Invented accounts kept in memory; a public trial must not grow without bound (an evicted one is re-created on use). */
const MAX_INVENTED = 5_000;

export class DevAccounts {
  private byEmail = new Map<string, DevAccount>(DEMO.map((a) => [a.email, a]));

  list(): DevAccount[] {
    return DEMO;
  }

  /** The account for an e-mail, created on first use with a name taken from the e-mail's local part. */
  ensure(rawEmail: string): DevAccount | null {
    const email = rawEmail.trim().toLowerCase();
    if (!isEmail(email)) return null;
    let acc = this.byEmail.get(email);
    if (!acc) {
      const local = email.split('@')[0]!;
      acc = { email, given_name: local, family_name: 'ทดสอบ', label: 'บัญชีทดสอบ', groups: [] };
      this.byEmail.set(email, acc);
      if (this.byEmail.size > DEMO.length + MAX_INVENTED) this.byEmail.delete([...this.byEmail.keys()][DEMO.length]!);
    }
    return acc;
  }

  /** Sets an account's groups (tests: an IdP group granted, then taken away). */
  setGroups(rawEmail: string, groups: string[]): void {
    const acc = this.ensure(rawEmail);
    if (acc) this.byEmail.set(acc.email, { ...acc, groups: [...groups] });
  }

  /** The subject is the e-mail itself: stable across restarts of the provider, which keeps no database. */
  find(sub: string): DevAccount | undefined {
    return this.byEmail.get(sub) ?? this.ensure(sub) ?? undefined;
  }
}
