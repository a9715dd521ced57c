#!/bin/sh
# Prints the Debian packages of scripts/system-packages.txt (the one list) for the given purposes,
# space-separated: `scripts/system-packages.sh tests` or `scripts/system-packages.sh reader publish`.
# With --missing, only those dpkg does not report as installed. Exits 2 on an unknown purpose.
set -eu
list="$(dirname "$0")/system-packages.txt"
missing=0
if [ "${1:-}" = "--missing" ]; then missing=1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--missing] PURPOSE..." >&2; exit 2; }
for purpose in "$@"; do
  awk -v p="$purpose" '!/^#/ && NF >= 2 { n = split($2, a, ","); for (i = 1; i <= n; i++) if (a[i] == p) found = 1 }
    END { exit !found }' "$list" || { echo "unknown purpose: $purpose (see $list)" >&2; exit 2; }
done
awk -v want="$*" '!/^#/ && NF >= 2 {
  n = split($2, a, ","); m = split(want, w, " ");
  for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) if (a[i] == w[j] && !seen[$1]++) print $1
}' "$list" | while read -r pkg; do
  if [ "$missing" = 1 ] && dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then continue; fi
  printf '%s ' "$pkg"
done
echo
