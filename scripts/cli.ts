// The single binary's commands (`ask-reg serve|ingest|reindex|backup|restore|admin|eval`), so a campus
// IT team needs no npm checkout beside the binary. `bun scripts/cli.ts …` runs the same dispatcher.
// Exit codes: 0 done, 1 the command failed (it says why), 2 the command line was wrong (usage printed).
// Each maintainer command is one of the scripts beside this file, imported with a literal path so the binary embeds it.

export const COMMANDS: Record<string, { summary: string; usage: string }> = {
  serve: {
    summary: 'start the server (the default)',
    usage: 'ask-reg [serve]\n  Serves Ask-Reg on PORT (default 3000) with the settings from the environment and a .env beside it.',
  },
  ingest: {
    summary: 'add documents from files or folders',
    usage:
      'ask-reg ingest [--category NAME] [--batch N] [--jobs N] FILE|FOLDER…\n  Adds PDF, DOCX and TXT files (folders recursively) through the upload pipeline, OCR included; files already\n  in the library are skipped, so an interrupted run is resumed by running it again. Ends with a table.',
  },
  reindex: {
    summary: 'rebuild the search index from the database',
    usage: 'ask-reg reindex [--fresh]\n  Rebuilds every document’s chunks and vectors from the reviewed pages (--fresh: delete the index first).',
  },
  backup: {
    summary: 'write a backup archive (safe while the server runs)',
    usage:
      "ask-reg backup [--out FILE.tar.gz]\n  Database snapshot, original files and the search index in one archive (default backups/ask-reg-<time>.tar.gz).\n  With DATABASE_URL=postgres://…: pg_dump of the database, FILES_DIR and INDEX_URI (pg_dump from PG_BIN, Debian's postgresql package, or PATH).",
  },
  restore: {
    summary: 'restore a backup archive into DATA_DIR (server stopped)',
    usage:
      'ask-reg restore ARCHIVE [--force]\n  Restores into DATA_DIR; with --force an existing DATA_DIR is kept aside, never deleted.\n  With DATABASE_URL=postgres://… (every instance stopped): pg_restore into that database (empty, or its tables replaced with --force), FILES_DIR and INDEX_URI (kept aside with --force).',
  },
  admin: {
    summary: 'grant, revoke, (de)activate or list admins',
    usage:
      'ask-reg admin grant <email> --position "<position>" | revoke <email> | deactivate <email> | activate <email>\n              | position <email> --position "<position>" | list [search]',
  },
  eval: {
    summary: 'measure retrieval or answers on a question set',
    usage:
      'ask-reg eval retrieval --corpus C.jsonl --queries Q.jsonl [--k 10]\nask-reg eval answers [--library A|B|both] [--queries Q.jsonl] [--docs DIR] [--json-only] [--verbose]',
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'usage: ask-reg [command] [options]',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    '`ask-reg <command> --help` describes one command. Exit codes: 0 done, 1 failed, 2 wrong command line.',
    'Settings come from the environment (and a .env file in the working directory); see the README.',
  ].join('\n');
}

const HELP = new Set(['--help', '-h', 'help']);

/** In the single binary, what the server sets up at start (migrations, OCR runtime) the scripts need too. */
async function prepareEmbedded(): Promise<void> {
  const { embedded, materialiseMigrations, registerEmbeddedOcr } = await import('../src/embedded');
  if (!embedded()) return;
  const { loadConfig } = await import('../src/config');
  const { setMigrationsFolder } = await import('../src/db/client');
  let dataDir: string;
  try {
    dataDir = loadConfig().dataDir;
  } catch {
    return; // the command itself reports the bad setting
  }
  const dir = await materialiseMigrations(dataDir);
  if (dir) setMigrationsFolder(dir);
  registerEmbeddedOcr(dataDir);
}

/** Runs the command named by `args` (process.argv after the executable and script). */
export async function runCli(args: string[]): Promise<void> {
  const [first, ...rest] = args;
  if (first !== undefined && HELP.has(first)) {
    console.log(usage());
    return;
  }
  const name = first === undefined || first.startsWith('-') ? 'serve' : first;
  const command = COMMANDS[name];
  if (!command) {
    console.error(`ask-reg: unknown command '${name}'\n\n${usage()}`);
    process.exit(2);
  }
  const options = name === 'serve' && first !== 'serve' ? args : rest;
  if (options.some((a) => HELP.has(a))) {
    console.log(command.usage);
    return;
  }
  if (name !== 'serve') await prepareEmbedded();
  // The scripts read their own arguments from process.argv, as when run with `bun scripts/x.ts …`.
  const run = (script: string, argv: string[]) => {
    process.argv = [process.argv[0]!, script, ...argv];
  };
  switch (name) {
    case 'serve':
      run('serve', options);
      await import('../src/index');
      return;
    case 'ingest':
      run('ingest', options);
      await import('./ingest');
      return;
    case 'reindex':
      run('reindex', options);
      await import('./reindex');
      return;
    case 'backup':
      run('backup', options);
      await import('./backup');
      return;
    case 'restore':
      run('restore', options);
      await import('./restore');
      return;
    case 'admin': {
      const admin = await import('./admin');
      const { code, out } = await admin.run(options);
      (code === 0 ? console.log : console.error)(out);
      process.exit(code);
      return;
    }
    case 'eval': {
      const [what, ...evalArgs] = options;
      run(`eval-${what}`, evalArgs);
      if (what === 'retrieval') await import('./eval-retrieval');
      else if (what === 'answers') await import('./eval-answers');
      else {
        console.error(`ask-reg eval: say what to measure (retrieval or answers)\n\n${command.usage}`);
        process.exit(2);
      }
      return;
    }
  }
}

if (import.meta.main) await runCli(process.argv.slice(2));
