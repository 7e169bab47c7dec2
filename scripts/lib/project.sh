# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are for the scripts that source this file
# The project of a directory as this machine sees it (docs/gateway.md "Hooks"), shared by hooks/brain-hook.sh and
# the brain command. Sourced, never run; defines functions only.
#
# brain_project_of DIR [name-only] sets two variables (name-only: only the first, one git call less):
#   BRAIN_PROJECT_NAME  the git top-level directory's name; every worktree of a repository maps to its main
#                       worktree's name (a bare repository's worktrees: the bare directory's name without .git);
#                       empty outside a git repository or without git
#   BRAIN_PROJECT_REPO  the origin remote's URL without scheme, credentials and .git (scp-like host:path →
#                       host/path); empty when there is none
#   BRAIN_PROJECT_ROOT  the working tree's top-level directory (the worktree's own, where its files are edited);
#                       empty outside a working tree (not set by name-only)
# The gateway then applies its configured mapping (brain.hooks.projects) to these, and falls back to the token's
# project when both are empty.
brain_project_of() {
  local cwd=$1 common="" out=""
  BRAIN_PROJECT_NAME="" BRAIN_PROJECT_REPO="" BRAIN_PROJECT_ROOT=""
  # name-only, the brain command's case: without starting a process when the nearest .git above DIR is a
  # directory (a main worktree) and git's environment does not steer the search — the same name git gives (the
  # physical directory's); a .git file (a linked worktree, a submodule) and everything unusual ask git
  if [ "${2:-}" = name-only ] && [[ $cwd == /* ]] && [ -z "${GIT_DIR:-}${GIT_COMMON_DIR:-}${GIT_WORK_TREE:-}${GIT_CEILING_DIRECTORIES:-}" ]; then
    local d=$cwd here=$PWD
    while [ ! -e "$d/.git" ] && [ -n "$d" ]; do d=${d%/*}; done
    if [ -d "$d/.git" ] && [ -f "$d/.git/HEAD" ] && cd -P -- "$d" 2>/dev/null; then
      BRAIN_PROJECT_NAME=${PWD##*/}
      cd -- "$here" || true
      return 0
    fi
    if [ ! -e "$d/.git" ]; then return 0; fi  # no repository above DIR
  fi
  command -v git >/dev/null 2>&1 && [ -d "$cwd" ] || return 0
  # the repository's common git directory (the main worktree's .git for every worktree), made absolute, and the
  # working tree's top level, in one git call (a bare repository has no top level: asked again without it)
  out=$(cd "$cwd" 2>/dev/null && git rev-parse --git-common-dir --show-toplevel 2>/dev/null) \
    || out=$(cd "$cwd" 2>/dev/null && git rev-parse --git-common-dir 2>/dev/null) || out=""
  if [[ $out == *$'\n'* ]]; then BRAIN_PROJECT_ROOT=${out#*$'\n'}; out=${out%%$'\n'*}; fi
  common=$([ -n "$out" ] && cd "$cwd" 2>/dev/null && cd "$out" 2>/dev/null && pwd -P) || common=""
  [ -n "$common" ] || return 0
  if [ "${common##*/}" = .git ]; then common=${common%/.git}; BRAIN_PROJECT_NAME=${common##*/}
  else BRAIN_PROJECT_NAME=${common##*/}; BRAIN_PROJECT_NAME=${BRAIN_PROJECT_NAME%.git}; fi  # a bare repository's worktrees
  [ "${2:-}" != name-only ] || return 0
  local repo
  repo=$(git -C "$cwd" config --get remote.origin.url 2>/dev/null) || repo=""
  brain_normalize_repo "$repo"
  BRAIN_PROJECT_REPO=$BRAIN_REPO_NORMAL
  return 0
}

# brain_normalize_repo URL sets BRAIN_REPO_NORMAL: the URL without scheme, credentials and .git (scp-like
# host:path → host/path), e.g. git@github.com:acme/shop.git → github.com/acme/shop
brain_normalize_repo() {
  local repo=$1
  if [[ $repo == *://* ]]; then repo=${repo#*://}; repo=${repo#*@}
  else repo=${repo#*@}; [[ $repo =~ ^[^/:]+:[^0-9] ]] && repo=${repo/:/\/}; fi  # scp-like host:path → host/path
  repo=${repo%/}; BRAIN_REPO_NORMAL=${repo%.git}
}
