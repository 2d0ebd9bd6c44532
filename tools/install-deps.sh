#!/usr/bin/env bash
# Installs the Debian packages regcon needs; silent when all are present.
set -euo pipefail
packages=(cmake make g++ clang-14 libclang-rt-14-dev clang-format
  libgtest-dev libgmock-dev librapidcheck-dev
  nlohmann-json3-dev libcli11-dev libssl-dev librecast-dev
  libbenchmark-dev libbenchmark-tools python3-scipy gnuplot-nox
  librsvg2-bin libxml2-dev libxml2-utils libpng-dev python3 chromium
  afl++ libc++-14-dev libc++abi-14-dev zip unzip gcovr python3-pil patch)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages and not root; run as root: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
