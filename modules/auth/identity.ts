// Which account a sign-in is: the IdP's issuer + `sub` name a person; the e-mail is only an attribute. An e-mail
// can be chosen by whoever holds the IdP account (multi-tenant Entra `email`, Keycloak self-registration), so
// matching on it alone hands an existing account (and its admin right) to anyone who types its address.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { AppError } from '../../src/http/errors';
import type { users } from './schema';

type UserRow = typeof users.$inferSelect;

/** The Thai reasons shown after "Authentication failed:" when a sign-in may not enter an existing account. */
export const IDENTITY_MESSAGES = {
  otherSubject: 'อีเมลนี้เป็นของบัญชีผู้ใช้อื่นในระบบแล้ว (ผู้ให้บริการยืนยันตัวตนระบุว่าเป็นคนละบัญชี) จึงไม่สามารถเข้าสู่ระบบได้ กรุณาติดต่อผู้ดูแลระบบ',
  unverified: 'ผู้ให้บริการยืนยันตัวตนแจ้งว่าอีเมลนี้ยังไม่ได้รับการยืนยัน จึงไม่สามารถเข้าสู่บัญชีที่มีอยู่แล้วได้ กรุณายืนยันอีเมลกับผู้ให้บริการก่อน',
} as const;

export interface Identity {
  email: string;
  subject: string;
  issuer: string;
  /** the provider's email_verified; undefined when it does not send one */
  emailVerified?: boolean;
}

export interface Resolved {
  /** the account this sign-in is, or undefined for a new one */
  existing: UserRow | undefined;
  /** the e-mail the account keeps: a new one only when verified (or not stated) and no other account holds it */
  email: string;
}

function refuse(ctx: AppContext, reason: keyof typeof IDENTITY_MESSAGES, account: UserRow, id: Identity): never {
  // The address is personal data; the account id and the issuer say enough to find the attempt.
  ctx.log.warn('sign-in refused: the identity does not own the account of this e-mail', {
    reason,
    userId: account.id,
    issuer: id.issuer,
    emailVerified: id.emailVerified ?? null,
  });
  throw new AppError('unauthorized', IDENTITY_MESSAGES[reason]);
}

export async function resolveIdentity(ctx: AppContext, id: Identity): Promise<Resolved> {
  const verified = id.emailVerified !== false;
  const { users } = ctx.tables;
  const [bySubject] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.issuer, id.issuer), eq(users.subject, id.subject)));
  const [byEmail] = await ctx.db.select().from(users).where(eq(users.email, id.email));
  if (bySubject) {
    // The person's address changed at the IdP: follow it when it is theirs to claim, else keep the one on record.
    const email = verified && (!byEmail || byEmail.id === bySubject.id) ? id.email : bySubject.email;
    return { existing: bySubject, email };
  }
  if (!byEmail) return { existing: undefined, email: id.email };
  // An account from before subjects were kept (or one whose issuer was not recorded yet) is bound now.
  const unbound = byEmail.subject === null || (byEmail.issuer === null && byEmail.subject === id.subject);
  if (!unbound) refuse(ctx, 'otherSubject', byEmail, id);
  if (!verified) refuse(ctx, 'unverified', byEmail, id);
  return { existing: byEmail, email: id.email };
}
