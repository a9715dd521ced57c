/**
 * DEPLOY_COMMAND, the deploy to a static CDN host (scripts/deploy.mjs): its template read as one program and its
 * arguments, run without a shell.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */
import { parse as parseShellWords } from 'shell-quote';

/** A leading `NAME=value` word of a command: an environment variable for it, as in sh. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * The program, arguments and extra environment of a DEPLOY_COMMAND template (no shell, so the
 * site's path is never re-read as shell syntax). The template is split into words as sh does (shell-quote): single
 * and double quotes and backslashes, `$NAME` / `${NAME}` from `env` (unset: empty), leading `NAME=value` words as
 * environment variables, a trailing `# comment` ignored; then `{dir}` is replaced by `dir` inside every word, so
 * `{dir}`, `{dir}/`, `"{dir}"` and `--path={dir}` each stay one argument whatever the path holds.
 * @param {string} template e.g. `rsync -az --delete {dir}/ deploy@origin:/srv/site/dist/`
 * @param {string} dir absolute path of the built site
 * @param {NodeJS.ProcessEnv} [env] variables for `$NAME`
 * @returns {{ file: string, args: string[], env: Record<string, string> }} program, its arguments, extra variables
 * @throws {Error} naming the shell syntax the template uses that needs a shell (`&&`, `|`, `;`, redirections,
 *   `$(…)`, globs such as `{dir}/*`), or when it names no program.
 */
export function deployArgv(template, dir, env = process.env) {
  const words = [];
  for (const token of parseShellWords(template, (name) => env[name] ?? '')) {
    if (typeof token === 'string') {
      words.push(token.replaceAll('{dir}', dir));
      continue;
    }
    if ('comment' in token) break;
    const syntax = token.op === 'glob' ? `the pattern ${token.pattern}` : `"${token.op}"`;
    throw new Error(
      `DEPLOY_COMMAND runs one program without a shell, so ${syntax} cannot be used in "${template}". ` +
        'Pass {dir} itself (e.g. `rsync -az {dir}/ host:/srv/`), or put the shell steps in a script and call it with {dir} as an argument.',
    );
  }
  const extraEnv = {};
  while (words.length > 0 && ASSIGNMENT.test(words[0])) {
    const [, name, value] = ASSIGNMENT.exec(words.shift());
    extraEnv[name] = value;
  }
  if (words.length === 0) throw new Error(`DEPLOY_COMMAND names no program: "${template}".`);
  const [file, ...args] = words;
  return { file, args, env: extraEnv };
}
