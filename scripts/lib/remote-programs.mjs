/**
 * The fixed POSIX sh programs a deploy over SSH runs on the server (scripts/lib/deploy-ssh.mjs): each is run as
 * `sh -c PROGRAM deploy ARG…`, every value (paths, names, the reload command) reaching it as a positional argument,
 * never pasted into its text. The server needs sh, GNU coreutils (`mv -T`, `ln -sfn`, `readlink`), find and rsync.
 * In scripts/lib/, the one home of the utilities scripts and tests share (REFERENCE.md "Layers").
 */

/**
 * Remote program: lists the target (`entry <name>` per entry of `releases/`, half-written ones included; `link
 * <where current points>` or `other` when `current` is no symlink; `mirror` when an earlier mirroring deploy's page
 * is at the top). Arguments: target, releases folder, current link, partial prefix, a site file. Changes nothing.
 */
export const LIST_PROGRAM = `set -eu
t=$1 r=$2 c=$3 p=$4 m=$5
if [ -d "$t/$r" ]; then
  for f in "$t/$r"/* "$t/$r/$p"*; do
    if [ -e "$f" ] || [ -L "$f" ]; then printf "entry %s\\n" "\${f##*/}"; fi
  done
fi
if [ -L "$t/$c" ]; then printf "link %s\\n" "$(readlink "$t/$c")"
elif [ -e "$t/$c" ]; then echo other
fi
if [ -e "$t/$m" ]; then echo mirror; fi
`;

/** Remote program: makes `releases/` and deletes the named half-written folders in it. Arguments: target, releases folder, names. */
export const PREPARE_PROGRAM = `set -eu
t=$1 r=$2
shift 2
mkdir -p -- "$t/$r"
for n in "$@"; do rm -rf -- "$t/$r/$n"; done
`;

/**
 * Remote program: the live release's files under the carried folders, then `--carried--` and its carried file.
 * Arguments: releases folder path, live release, carried file name, folders. Changes nothing.
 */
export const LIST_ASSETS_PROGRAM = `set -eu
r=$1 live=$2 list=$3
shift 3
cd -- "$r/$live"
for d in "$@"; do if [ -d "$d" ]; then find "$d" -type f; fi; done
echo --carried--
if [ -f "$r/$list" ]; then cat -- "$r/$list"; fi
`;

/**
 * Remote program: writes the new release's carried file from its standard input (`<since> <path>` lines, releases.mjs
 * carriedText) and hard-links each path of it from the live release into the uploaded folder. Arguments: releases
 * folder path, live release, uploaded folder, carried file name. The paths come on standard input, not as arguments:
 * a day of search chunks is thousands of paths, past the 128 KiB Linux allows one argument (ssh sends the whole
 * command as one; the soak of scripts/bench/soak.mjs met E2BIG there after 16 cycles).
 */
export const CARRY_PROGRAM = `set -eu
r=$1 live=$2 staging=$3 list=$4
cat > "$r/$list"
while IFS= read -r line; do
  p=\${line#* }
  case $p in */*) d=\${p%/*}; [ -d "$r/$staging/$d" ] || mkdir -p -- "$r/$staging/$d" ;; esac
  ln -f -- "$r/$live/$p" "$r/$staging/$p"
done < "$r/$list"
`;

/**
 * Remote lines making a release live: a new symlink beside `current` (ln -sfn), renamed over it (mv -T: one
 * rename(2), atomic on POSIX, never a move into the folder `current` points at). Uses t, r, c and `release`.
 */
const SWITCH_LINES = `ln -sfn -- "$r/$release" "$t/.$c-$$"
mv -T -- "$t/.$c-$$" "$t/$c"
`;

/**
 * Remote lines after a switch: runs the reload command (`$reload`, DEPLOY_RELOAD_COMMAND; none when empty) with sh;
 * when it fails, switches `current` back to `$before` (when there was one), says `reload-failed <exit code>` and
 * exits 3. Uses t, r, c, reload and before.
 */
const RELOAD_LINES = `if [ -n "$reload" ]; then
  code=0
  sh -c "$reload" >&2 || code=$?
  if [ "$code" != 0 ]; then
    if [ -n "$before" ]; then release=$before; ${SWITCH_LINES.trim().replaceAll('\n', '; ')}; fi
    echo "reload-failed $code" >&2
    exit 3
  fi
fi
`;

/**
 * Remote program of a rollback: switches `current`, then reloads. Arguments: target, releases folder, current link,
 * release, reload command, release live before.
 */
export const SWITCH_PROGRAM = `set -eu
t=$1 r=$2 c=$3 release=$4 reload=$5 before=$6
${SWITCH_LINES}${RELOAD_LINES}`;

/**
 * Remote program ending a deploy: renames the uploaded folder to its release name, switches `current` to it,
 * reloads, then deletes the named releases. Arguments: target, releases folder, current link, uploaded folder,
 * release, reload command, release live before, names.
 */
export const PUBLISH_PROGRAM = `set -eu
t=$1 r=$2 c=$3 staging=$4 release=$5 reload=$6 before=$7
shift 7
mv -T -- "$t/$r/$staging" "$t/$r/$release"
${SWITCH_LINES}${RELOAD_LINES}for n in "$@"; do rm -rf -- "$t/$r/$n" "$t/$r/.carried-$n"; done
`;
