#!/usr/bin/env bash
# Installs the Debian packages Kioku uses from the system, when they are missing, so that `npm test` and
# `npm start` work on a fresh machine with nothing installed by hand. Called by the npm pretest/prestart
# scripts and by .ci/run (and `npm run bench`). Usage: scripts/system-packages.sh test|start|bench|topology|enable-contrib
#   start: the worker's text-to-speech: Open JTalk with the NAIST-jdic dictionary and the HTS voice
#          nitech-jp-atr503-m001 (the default voice), opus-tools (opusenc: clips stored as Ogg Opus), and
#          espeak-ng (the fallback voice)
#   test:  the same, and Chromium (browser tests), pgbench (benchmarks), the EDRDG dictionaries the content
#          build test rebuilds the catalogue from, and Noto CJK (Japanese glyphs in screenshots)
#   topology: only what `npm run topology` and its drills run besides PostgreSQL and Redis: HAProxy (in front
#          of the API processes) and PgBouncer (transaction pooling in front of the primary)
#   bench: what `npm run bench` runs (bench/*.bench.mjs): the start set (voice: Open JTalk, opusenc, espeak-ng),
#          Chromium and Noto CJK (frontend: the kana pages as a learner sees them), pgbench (every baseline), and
#          the topology set (topology)
#   enable-contrib: only enables Debian's contrib component (see below), for trying the edit on a copy:
#          APT_DEBIAN_SOURCES=/tmp/debian.sources APT_SOURCES_LIST=/tmp/sources.list scripts/system-packages.sh enable-contrib
# The voice package is in Debian's contrib component. Before installing it, contrib is enabled for Debian's own
# mirror (not debian-security) when it is not: in deb822 $APT_DEBIAN_SOURCES (/etc/apt/sources.list.d/
# debian.sources) it is added to the Components: line of that stanza, in a classic $APT_SOURCES_LIST
# (/etc/apt/sources.list) to its `deb <mirror> <suite> main` lines. Running it again changes nothing.
set -uo pipefail
purpose="${1:-test}"
debian_sources="${APT_DEBIAN_SOURCES:-/etc/apt/sources.list.d/debian.sources}"
sources_list="${APT_SOURCES_LIST:-/etc/apt/sources.list}"
voice_package=hts-voice-nitech-jp-atr503-m001

# deb822: in each stanza of Types deb, whose URIs are a Debian mirror (a path segment "debian": deb.debian.org/
# debian, a snapshot's /archive/debian/…, not debian-security) and whose Suites are not -security, add contrib
# to Components when it is not there.
contrib_deb822() {
  awk '
    function flush(   i, mirror) {
      mirror = (uris ~ /\/debian(\/|[[:space:]]|$)/ && uris !~ /debian-security/ && suites !~ /-security/ && types ~ /(^|[[:space:]])deb([[:space:]]|$)/)
      for (i = 1; i <= n; i++) {
        if (mirror && i == comp && stanza[i] !~ /[[:space:]]contrib([[:space:]]|$)/) sub(/[[:space:]]*$/, " contrib", stanza[i])
        print stanza[i]
      }
      n = 0; comp = 0; uris = ""; suites = ""; types = ""
    }
    /^[[:space:]]*$/ { flush(); print; next }
    {
      stanza[++n] = $0
      if ($0 ~ /^URIs:/) uris = $0
      else if ($0 ~ /^Suites:/) suites = $0
      else if ($0 ~ /^Types:/) types = $0
      else if ($0 ~ /^Components:/) comp = n
    }
    END { flush() }
  ' "$1"
}

# One-line format: `deb [options] <mirror>/debian <suite> main …` (not -security) gets contrib after main.
contrib_one_line() {
  awk '
    /^[[:space:]]*deb[[:space:]]/ && $0 !~ /-security/ && $0 ~ /\/debian(\/[^[:space:]]*)?[[:space:]]/ && $0 !~ /[[:space:]]contrib([[:space:]]|$)/ && match($0, /[[:space:]]main([[:space:]]|$)/) {
      print substr($0, 1, RSTART + 4) " contrib" substr($0, RSTART + 5); next
    }
    { print }
  ' "$1"
}

# Rewrites the file through a temporary copy, only when the edit changes it (root or sudo for /etc).
apply_edit() {
  local file="$1" edit="$2" tmp
  [ -f "$file" ] || return 0
  tmp="$(mktemp)" || return 1
  if "$edit" "$file" >"$tmp" && ! cmp -s "$file" "$tmp"; then
    if [ -w "$file" ]; then cat "$tmp" >"$file"; else $sudo tee "$file" >/dev/null <"$tmp"; fi
    echo "enabled Debian's contrib component in $file" >&2
  fi
  rm -f "$tmp"
}

enable_contrib() {
  apply_edit "$debian_sources" contrib_deb822
  apply_edit "$sources_list" contrib_one_line
}

if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo=none; fi

if [ "$purpose" = enable-contrib ]; then
  [ "$sudo" = none ] && sudo=""
  enable_contrib
  exit 0
fi

missing=()
topology_packages() {
  [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
  [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
}
voice_packages() {
  command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
  command -v open_jtalk >/dev/null 2>&1 || missing+=(open-jtalk)
  [ -f /var/lib/mecab/dic/open-jtalk/naist-jdic/sys.dic ] || missing+=(open-jtalk-mecab-naist-jdic)
  [ -f /usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice ] || missing+=("$voice_package")
  command -v opusenc >/dev/null 2>&1 || missing+=(opus-tools)
}
browser_packages() {
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pgbench >/dev/null 2>&1 || missing+=(postgresql-client)
  # Not `grep -q`: it stops reading at the first match, fc-list dies of SIGPIPE, and pipefail calls it missing.
  [ -n "$(fc-list 2>/dev/null | grep -i "Noto Sans CJK")" ] || missing+=(fonts-noto-cjk)
}
case "$purpose" in
  topology) topology_packages ;;
  start) voice_packages ;;
  test)
    voice_packages
    browser_packages
    [ -f /usr/share/edict/kanjidic2.xml.gz ] || missing+=(kanjidic-xml)
    [ -f /usr/share/edict/edict ] || missing+=(edict)
    ;;
  bench)
    voice_packages
    browser_packages
    topology_packages
    ;;
  *)
    echo "usage: scripts/system-packages.sh test|start|bench|topology|enable-contrib" >&2
    exit 2
    ;;
esac
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1 || [ "$sudo" = none ]; then
  echo "warning: missing system packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]}; $voice_package is in Debian's contrib component)" >&2
  exit 0
fi
echo "installing system packages: ${missing[*]}" >&2
apt_install() { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null; }
others=()
for p in "${missing[@]}"; do [ "$p" = "$voice_package" ] || others+=("$p"); done
[ ${#others[@]} -lt ${#missing[@]} ] && enable_contrib
if ! $sudo apt-get update -qq; then
  echo "warning: apt-get update failed; could not install ${missing[*]}" >&2
elif ! apt_install "${missing[@]}"; then
  # The voice alone may be what apt cannot find (contrib not enabled): it must not keep the others out.
  if [ ${#others[@]} -lt ${#missing[@]} ] && [ ${#others[@]} -gt 0 ] && apt_install "${others[@]}"; then
    echo "warning: could not install $voice_package (is Debian's contrib component enabled?); speech falls back to espeak-ng" >&2
  else
    echo "warning: could not install ${missing[*]}" >&2
  fi
fi
exit 0
