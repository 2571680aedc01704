// Admin rights from the command line, against DATA_DIR (same rules as the console, minus "not yourself"):
//   bun run scripts/admin.ts grant <email> --position "<position>"
//   bun run scripts/admin.ts revoke <email>
//   bun run scripts/admin.ts deactivate|activate <email>
//   bun run scripts/admin.ts position <email> --position "<position>"
//   bun run scripts/admin.ts list [search]
import { ConfigError, loadConfig } from '../src/config';
import { openContext, type AppContext } from '../src/context';
import { createLogger } from '../src/logger';
import { AppError } from '../src/http/errors';
import { grantAdmin, listAdmins, revokeAdmin, setAdminActive, setAdminPosition, type AdminItem } from '../modules/admins/service';

const USAGE = `usage:
  admin grant <email> --position "<position>"   give admin rights to someone who has signed in before
  admin revoke <email>                           take admin rights away
  admin deactivate <email>                       suspend admin rights (kept, also for ADMIN_EMAILS accounts)
  admin activate <email>                         restore suspended admin rights
  admin position <email> --position "<position>" change an admin's position
  admin list [search]                            show admins`;

const COMMANDS = ['grant', 'revoke', 'deactivate', 'activate', 'position', 'list'];
const needsPosition = (cmd: string) => cmd === 'grant' || cmd === 'position';

/** The command's change, and the word printed after it. */
async function apply(ctx: AppContext, cmd: string, email: string, position: string): Promise<[AdminItem, string]> {
  if (cmd === 'grant') return [await grantAdmin(ctx, email, position), 'granted'];
  if (cmd === 'revoke') return [await revokeAdmin(ctx, null, email), 'revoked'];
  if (cmd === 'position') return [await setAdminPosition(ctx, email, position), 'position changed'];
  const on = cmd === 'activate';
  return [await setAdminActive(ctx, null, email, on), on ? 'activated' : 'deactivated'];
}

function show(a: AdminItem): string {
  const name = `${a.firstname} ${a.lastname}`.trim() || '-';
  return `${a.email}\t${name}\t${a.responsibility || '-'}\t${a.status ? 'active' : 'inactive'}`;
}

export async function run(argv: string[], env: Record<string, string | undefined> = process.env): Promise<{ code: number; out: string }> {
  const [cmd, arg, ...rest] = argv;
  const posIdx = rest.indexOf('--position');
  const position = posIdx >= 0 ? rest[posIdx + 1] : undefined;
  if (!cmd || !COMMANDS.includes(cmd) || (cmd !== 'list' && !arg) || (needsPosition(cmd) && !position)) return { code: 2, out: USAGE };
  let config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return { code: 1, out: e.message };
    throw e;
  }
  const ctx = await openContext(config, createLogger('error', 'pretty'));
  try {
    if (cmd === 'list') {
      const items = await listAdmins(ctx, arg ?? '');
      return { code: 0, out: items.length ? items.map(show).join('\n') : 'no admins' };
    }
    const [item, done] = await apply(ctx, cmd, arg!, position ?? '');
    return { code: 0, out: `${done}: ${show(item)}` };
  } catch (e) {
    if (e instanceof AppError) return { code: 1, out: `error: ${e.message}` };
    throw e;
  } finally {
    await ctx.close();
  }
}

if (import.meta.main) {
  const { code, out } = await run(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exit(code);
}
