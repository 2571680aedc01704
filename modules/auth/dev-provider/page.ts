// The built-in provider's own pages: plain server HTML (served under /dev-oidc, outside the app's React shell).
import { createHash } from 'node:crypto';
import type { DevAccount } from './accounts';

/** The logout page's one script: it confirms the provider's own form. */
const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit()";

/**
 * These pages share the app's origin now: nothing but their own inline style and the logout script may run,
 * forms post only to this origin, and no other site may frame them.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  `script-src 'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{margin:0;font-family:Sarabun,'Noto Sans Thai',Tahoma,system-ui,sans-serif;background:#f7f8fc;color:#0f172a;display:grid;place-items:center;min-height:100vh;padding:16px}
main{width:min(460px,100%);background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:28px;box-shadow:0 8px 24px rgb(15 23 42/6%)}
h1{font-size:1.35rem;margin:0 0 4px}p{color:#5b6678;margin:0 0 16px}.warn{background:#fefce8;color:#a16207;border-radius:9px;padding:8px 12px;font-size:.9rem}
ul{list-style:none;padding:0;margin:0 0 20px;display:grid;gap:8px}button{font:inherit;cursor:pointer}
.acc{width:100%;text-align:left;background:#fff;border:1px solid #e2e8f0;border-radius:9px;padding:10px 14px}.acc:hover,.acc:focus-visible{border-color:#2946a8;outline:none;box-shadow:0 0 0 3px rgb(41 70 168/35%)}
.acc strong{display:block}.acc span{color:#5b6678;font-size:.9rem}label{display:block;font-weight:600;margin-bottom:6px}
input{font:inherit;width:100%;box-sizing:border-box;border:1px solid #e2e8f0;border-radius:9px;padding:10px 12px;margin-bottom:10px}
.primary{background:#1f3a8a;color:#fff;border:0;border-radius:999px;padding:10px 18px;width:100%;font-weight:600}.error{color:#b91c1c}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** `action`: the login form's address under the provider's mount path. */
export function signInPage(action: string, accounts: DevAccount[], error?: string): string {
  const items = accounts
    .map(
      (a) =>
        `<li><form method="post" action="${esc(action)}"><input type="hidden" name="email" value="${esc(a.email)}"><button class="acc" type="submit" data-email="${esc(a.email)}"><strong>${esc(`${a.given_name} ${a.family_name}`)}</strong><span>${esc(a.email)} · ${esc(a.label)}</span></button></form></li>`,
    )
    .join('');
  return layout(
    'เข้าสู่ระบบมหาวิทยาลัย (ทดสอบ)',
    `<h1>เข้าสู่ระบบด้วยบัญชีมหาวิทยาลัย</h1>
<p class="warn" role="note">ระบบยืนยันตัวตนจำลองสำหรับการพัฒนาและทดลองใช้งานเท่านั้น ไม่ต้องใช้รหัสผ่าน</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<p>เลือกบัญชีตัวอย่าง</p><ul>${items}</ul>
<form method="post" action="${esc(action)}"><label for="email">หรือเข้าสู่ระบบด้วยอีเมลอื่น</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" placeholder="name@demo.ac.th">
<button class="primary" type="submit">เข้าสู่ระบบ</button></form>`,
  );
}

export function errorPage(message: string): string {
  return layout('เกิดข้อผิดพลาด', `<h1>เกิดข้อผิดพลาด</h1><p class="error" role="alert">${esc(message)}</p>`);
}

/**
 * RP-initiated logout at the demo provider: it holds nothing worth a second question (it asks for an account at
 * every sign-in anyway), so the page confirms by itself; without scripts it is one Thai button. `form` is
 * oidc-provider's own (it carries the xsrf token).
 */
export function logoutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    'ออกจากระบบ (ทดสอบ)',
    `<h1>กำลังออกจากระบบผู้ให้บริการยืนยันตัวตนทดสอบ</h1>${confirmed}
<button class="primary" type="submit" form="op.logoutForm">ออกจากระบบ</button>
<script>${LOGOUT_SCRIPT}</script>`,
  );
}
