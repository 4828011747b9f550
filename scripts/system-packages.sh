#!/usr/bin/env bash
# Installs the Debian packages Kioku uses from the system, when they are missing, so that `npm test` and
# `npm start` work on a fresh machine with nothing installed by hand. Called by the npm pretest/prestart
# scripts and by .ci/run. Usage: scripts/system-packages.sh test|start
#   start: espeak-ng (the worker's local text-to-speech)
#   test:  also Chromium (browser tests), pgbench (benchmarks), the EDRDG dictionaries the content build test
#          rebuilds the catalogue from, NAIST-jdic (pitch accents), and Noto CJK (Japanese glyphs in screenshots)
set -uo pipefail
purpose="${1:-test}"
missing=()
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
if [ "$purpose" = test ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pgbench >/dev/null 2>&1 || missing+=(postgresql-client)
  [ -f /usr/share/edict/kanjidic2.xml.gz ] || missing+=(kanjidic-xml)
  [ -f /usr/share/edict/edict ] || missing+=(edict)
  [ -f /var/lib/mecab/dic/open-jtalk/naist-jdic/sys.dic ] || missing+=(open-jtalk-mecab-naist-jdic)
  fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo=none; fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$sudo" = none ]; then
  echo "warning: missing system packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]})" >&2
  exit 0
fi
echo "installing system packages: ${missing[*]}" >&2
$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
  || echo "warning: could not install ${missing[*]}" >&2
exit 0
