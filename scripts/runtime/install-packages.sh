#!/usr/bin/env bash
# Installs the Debian packages the tests (or, with --fleet, `npm run fleet`) need and this machine
# lacks, as named by scripts/test/checkEngines.mjs; uses sudo when not root. Does nothing when
# everything is there, so `npm run fleet` can run it every time.
#   bash scripts/runtime/install-packages.sh            # what `npm test` needs (.ci/run)
#   bash scripts/runtime/install-packages.sh --fleet    # what `npm run fleet` needs
set -euo pipefail
cd "$(dirname "$0")/../.."
missing="$(node scripts/test/checkEngines.mjs --packages "$@")"
[ -n "$missing" ] || exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "missing: $missing (install them with your package manager)" >&2
  exit 1
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
echo "installing Debian packages: $missing" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
# shellcheck disable=SC2086 # one package name per word
"${sudo_cmd[@]}" apt-get install -y -qq $missing
