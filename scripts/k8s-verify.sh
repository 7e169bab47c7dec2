#!/usr/bin/env bash
# Offline checks of the Kubernetes manifests (part of ./brain test; needs no cluster and no network once the tools
# are installed):
#   1. every overlay under deploy/k8s/overlays renders with `kubectl kustomize`;
#   2. every object validates against the Kubernetes schemas (npm kubernetes-models, plus unknown fields), the
#      CloudNativePG Cluster against the part of its CRD this repository uses;
#   3. cross-checks against the services' configuration: images, ports, probe paths, env vars and config keys
#      (application.properties, runtime keys of the Quarkus extensions in target/quarkus-app), required keys set,
#      hosts and network policies, volumes for writable paths, database connections (deploy/k8s/verify/verify.cjs).
# Tools: kubectl (kustomize v4 or newer) from PATH; the npm packages of deploy/k8s/verify/package.json are
# installed once into .tools/k8s-verify (git-ignored). BRAIN_KUBECTL=/path/to/kubectl picks another kubectl.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS=$ROOT/.tools/k8s-verify
KUBECTL=${BRAIN_KUBECTL:-kubectl}
say() { printf 'k8s-verify: %s\n' "$*"; }
die() { printf 'k8s-verify: %s\n' "$*" >&2; exit 1; }

# kubectl: this machine image ships one (kubectl 1.32, kustomize v5). Debian bookworm's own package
# (kubernetes-client 1.20) embeds kustomize v2.0.3, which cannot render these overlays (directories and patch
# targets in kustomization.yaml): install kubectl ≥ 1.21 from Kubernetes' package repository, or a kustomize binary.
if ! command -v "$KUBECTL" >/dev/null 2>&1; then
  die "kubectl not found: install kubectl >= 1.21 (https://kubernetes.io/docs/tasks/tools/) or set BRAIN_KUBECTL"
fi
kustomize_version=$("$KUBECTL" version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\{0,1\}\([0-9]*\).*/\1/p')
[ -n "$kustomize_version" ] && [ "$kustomize_version" -ge 4 ] \
  || die "$("$KUBECTL" version --client 2>&1 | head -1): needs kubectl >= 1.21 (kustomize v4 or newer)"
command -v node >/dev/null 2>&1 || die "node not found (apt-get install nodejs npm)"
command -v python3 >/dev/null 2>&1 || die "python3 not found (apt-get install python3)"

# npm packages, pinned in deploy/k8s/verify/package.json; reinstalled only when that file changes
if ! cmp -s "$ROOT/deploy/k8s/verify/package.json" "$TOOLS/package.json" 2>/dev/null || [ ! -d "$TOOLS/node_modules/kubernetes-models" ]; then
  say "installing the schema validators into ${TOOLS#"$ROOT"/} (once)"
  mkdir -p "$TOOLS"
  cp "$ROOT/deploy/k8s/verify/package.json" "$TOOLS/package.json"
  (cd "$TOOLS" && npm install --no-audit --no-fund --loglevel=error >/dev/null) \
    || { rm -f "$TOOLS/package.json"; die "npm install failed"; }
fi

status=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for overlay in "$ROOT"/deploy/k8s/overlays/*/; do
  name=$(basename "$overlay")
  if ! "$KUBECTL" kustomize "$overlay" >"$out/$name.yaml" 2>"$out/$name.err"; then
    cat "$out/$name.err" >&2
    say "FAIL $name: kubectl kustomize failed"
    status=1
    continue
  fi
  NODE_PATH=$TOOLS/node_modules node "$ROOT/deploy/k8s/verify/verify.cjs" "$ROOT" "$name" "$out/$name.yaml" || status=1
done
[ "$status" -eq 0 ] && say "OK: every overlay renders, validates and matches the services' configuration"
exit "$status"
