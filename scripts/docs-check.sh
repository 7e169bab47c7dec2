#!/usr/bin/env bash
# Every relative link of the repository's markdown (README.md and its map of classes, the module READMEs, docs/,
# bench/) resolves to a file or directory of the tree: a class that moved or was renamed breaks its row. Offline,
# < 1 s; part of ./brain test. Anchors (#...) are not checked, links to the web not followed, code spans and fenced
# blocks skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
broken=0 checked=0
while IFS= read -r md; do
  dir=$(dirname "$md")
  # [text](target) with a relative target; drop the anchor
  while IFS= read -r target; do
    case "$target" in http://*|https://*|mailto:*|\#*|'') continue ;; esac
    path=${target%%#*}
    [ -n "$path" ] || continue
    checked=$((checked + 1))
    if [ ! -e "$dir/$path" ]; then
      printf 'docs-check: %s links to %s, which does not exist\n' "$md" "$target" >&2
      broken=$((broken + 1))
    fi
  done < <(awk '/^ *```/ { fenced = !fenced; next } !fenced' "$md" | sed 's/`[^`]*`//g' \
    | grep -o '\]([^)[:space:]]*)' | sed 's/^](//; s/)$//')
done < <(git ls-files '*.md' | grep -v '^deploy/.*/charts/')
if [ "$broken" -gt 0 ]; then
  printf 'docs-check: %d of %d links broken\n' "$broken" "$checked" >&2
  exit 1
fi
printf 'docs-check: %d relative links resolve\n' "$checked"
