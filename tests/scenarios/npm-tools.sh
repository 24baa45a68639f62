#!/usr/bin/env bash
# Installs the pinned JavaScript tools of the scenario suite (package.json, package-lock.json next to
# this script) into ${PTRIAGE_NPM_CACHE:-/var/cache/ptriage-tests/npm} with the machine's node and npm.
# Does nothing when the cache already holds what package.json + package-lock.json describe (a hash
# stamp); reinstalls from scratch when they changed. Registered in ctest as the fixture the
# scenario suite requires.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${PTRIAGE_NPM_CACHE:-/var/cache/ptriage-tests/npm}

for tool in node npm sha256sum; do
  command -v "$tool" >/dev/null || { echo "npm-tools: '$tool' is missing (packaging/install-deps.sh installs nodejs and npm)" >&2; exit 1; }
done
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
  echo "npm-tools: node $(node --version) is too old: the pinned tools need node 18 or newer" >&2
  exit 1
fi

inputs=("$here/package.json")
[ -f "$here/package-lock.json" ] && inputs+=("$here/package-lock.json")
stamp=$( (cat "${inputs[@]}"; echo "node $major") | sha256sum | cut -d' ' -f1)

if [ -f "$cache/.stamp" ] && [ "$(cat "$cache/.stamp")" = "$stamp" ] && [ -d "$cache/node_modules" ]; then
  exit 0
fi

echo "npm-tools: installing the pinned tools into $cache" >&2
mkdir -p "$cache"
rm -rf "$cache/node_modules" "$cache/.stamp"
cp "${inputs[@]}" "$cache/"
cd "$cache"
# `npm install` follows package-lock.json (exact versions); `npm ci` would refuse the lock over the
# optional per-platform packages (rollup, esbuild) that npm leaves out of it.
npm install --no-audit --no-fund --loglevel=error
# A quick proof that they run on this node.
for bin in vitest jest vite tsc typescript-language-server nodemon concurrently http-server mocha pm2 mcp-server-filesystem mcp-server-memory; do
  [ -x "node_modules/.bin/$bin" ] || { echo "npm-tools: node_modules/.bin/$bin is missing after the install" >&2; exit 1; }
done
node_modules/.bin/vitest --version >/dev/null
node_modules/.bin/jest --version >/dev/null
node_modules/.bin/typescript-language-server --version >/dev/null
echo "$stamp" >.stamp
