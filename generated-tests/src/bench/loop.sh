#!/usr/bin/env bash
# The daily loop, timed: edit one arm of the spec, `./mvnw -o -q -B compile`, `./tpb spec`; in
# two checkouts side by side (BEFORE and AFTER, each a clone of this repository at that commit,
# built before the first timed run), runs alternating between them (ABBA order, so a drift in the
# machine's load hits both alike). Prints one line per run and the medians.
#
#   generated-tests/src/bench/loop.sh [-n RUNS] [-e EDITS] [-d DIR] [BEFORE [AFTER]]
#
#   RUNS   timed runs per checkout and edit (default 5)
#   EDITS  comma-separated, from: field (RegisterAlu's immediate u64 at +0x18 <-> u32, reserved2
#          +0x20/32 bytes <-> +0x1C/36 bytes: an offset, a width and a size change), doc (a word
#          appended to / removed from one field's doc). Default: field (about 3.5 min on a quiet
#          2-core machine with the clones to build; field,doc about 5.5 min)
#   DIR    where the clones live (default /tmp/tpb-loop-bench); reused when at the right commit
#   BEFORE default 4e63ff9 (before the incremental codecs); AFTER default this repository's HEAD
#
# Times: wall seconds and CPU seconds (user + sys of the whole process tree) of the compile and of
# `./tpb spec`, and of both (the loop). Needs the Maven artifacts already in ~/.m2 (runs offline),
# GNU time (/usr/bin/time) and git. Quiet machine wanted: the load average at each run's start is
# printed beside it.
set -euo pipefail
runs=5
edits=field
dir=/tmp/tpb-loop-bench
while getopts "n:e:d:h" o; do
  case "$o" in
    n) runs="$OPTARG" ;;
    e) edits="$OPTARG" ;;
    d) dir="$OPTARG" ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
before="$(git -C "$repo" rev-parse "${1:-4e63ff9}^{commit}")"
after="$(git -C "$repo" rev-parse "${2:-HEAD}^{commit}")"
[ -x /usr/bin/time ] || { echo "loop.sh: needs GNU time at /usr/bin/time" >&2; exit 2; }
arm=isa-spec/src/main/resources/isa/tpb/arms/sp-register.yaml
mkdir -p "$dir"

# A clone of the repository at $2 in $dir/$1, built (an up-to-date build: the timed runs start
# from the state a developer's tree is in).
prepare() {
  local name="$1" commit="$2" tree="$dir/$1"
  if [ ! -d "$tree/.git" ] || [ "$(git -C "$tree" rev-parse HEAD)" != "$commit" ]; then
    rm -rf "$tree"
    git clone -q "$repo" "$tree"
    git -C "$tree" checkout -q "$commit"
  fi
  git -C "$tree" checkout -q -- "$arm"
  echo "building $name ($(git -C "$tree" log -1 --format='%h %s' | cut -c1-70)) ..." >&2
  (cd "$tree" && ./mvnw -o -q -B compile >/dev/null && ./tpb spec >/dev/null)
}

# Edits $arm of tree $1 for the $3-th loop of edit kind $2: odd loops change the file, even loops
# change it back, so every loop is a real change.
edit() {
  local f="$1/$arm" kind="$2" run="$3" tmp
  tmp="$(mktemp)"
  case "$kind:$((run % 2))" in
    field:1) sed -e 's/{name: immediate, at: 0x18, type: u64,/{name: immediate, at: 0x18, type: u32,/' \
                 -e 's/{name: reserved2, at: 0x20, type: bytes, size: 32, reserved: true}/{name: reserved2, at: 0x1C, type: bytes, size: 36, reserved: true}/' "$f" >"$tmp" ;;
    field:0) sed -e 's/{name: immediate, at: 0x18, type: u32,/{name: immediate, at: 0x18, type: u64,/' \
                 -e 's/{name: reserved2, at: 0x1C, type: bytes, size: 36, reserved: true}/{name: reserved2, at: 0x20, type: bytes, size: 32, reserved: true}/' "$f" >"$tmp" ;;
    doc:1) sed -e 's/doc: "64-bit pair high register"}/doc: "64-bit pair high register (edited)"}/' "$f" >"$tmp" ;;
    doc:0) sed -e 's/doc: "64-bit pair high register (edited)"}/doc: "64-bit pair high register"}/' "$f" >"$tmp" ;;
    *) echo "loop.sh: unknown edit '$kind' (field, doc)" >&2; rm -f "$tmp"; exit 2 ;;
  esac
  if cmp -s "$tmp" "$f"; then
    echo "loop.sh: the $kind edit no longer applies to $arm in $1" >&2
    rm -f "$tmp"
    exit 1
  fi
  cat "$tmp" >"$f"
  rm -f "$tmp"
}

# One timed loop in tree $1: prints "wall cpu" of the compile, of ./tpb spec, and a flag when
# ./tpb built again.
loop() {
  local tree="$1" t c s
  t="$(mktemp)"
  (cd "$tree" && /usr/bin/time -o "$t" -f "%e %U %S" ./mvnw -o -q -B compile >/dev/null) || { cat "$t" >&2; echo "loop.sh: compile failed in $tree" >&2; exit 1; }
  c="$(awk '{printf "%.2f %.2f", $1, $2 + $3}' "$t")"
  (cd "$tree" && /usr/bin/time -o "$t" -f "%e %U %S" ./tpb spec >/dev/null 2>"$t.err") || { cat "$t.err" >&2; exit 1; }
  s="$(awk '{printf "%.2f %.2f", $1, $2 + $3}' "$t")"
  local rebuilt=""
  grep -q "tpb: compiling" "$t.err" && rebuilt=" (tpb rebuilt)"
  rm -f "$t" "$t.err"
  echo "$c $s$rebuilt"
}

prepare before "$before"
prepare after "$after"
trap 'git -C "$dir/before" checkout -q -- "$arm"; git -C "$dir/after" checkout -q -- "$arm"' EXIT

results="$(mktemp)"
printf '%-7s %-6s %4s %6s | %-17s | %-17s | %-17s\n' tree edit run load "compile wall/cpu" "tpb spec wall/cpu" "loop wall/cpu"
IFS=, read -r -a kinds <<<"$edits"
for kind in "${kinds[@]}"; do
  # one untimed loop per tree first: the first build after a checkout's last is not the steady state
  for name in before after; do
    edit "$dir/$name" "$kind" 1
    loop "$dir/$name" >/dev/null
  done
  for ((i = 1; i <= runs; i++)); do
    if ((i % 2)); then order="before after"; else order="after before"; fi
    for name in $order; do
      load="$(cut -d' ' -f1 /proc/loadavg)"
      edit "$dir/$name" "$kind" $((i + 1))
      read -r cw cc sw sc rest <<<"$(loop "$dir/$name")"
      lw="$(awk -v a="$cw" -v b="$sw" 'BEGIN {printf "%.2f", a + b}')"
      lc="$(awk -v a="$cc" -v b="$sc" 'BEGIN {printf "%.2f", a + b}')"
      printf '%-7s %-6s %4d %6s | %7s s %6s s | %7s s %6s s | %7s s %6s s %s\n' "$name" "$kind" "$i" "$load" "$cw" "$cc" "$sw" "$sc" "$lw" "$lc" "${rest:-}"
      echo "$name $kind $load $cw $cc $sw $sc $lw $lc" >>"$results"
    done
  done
  # leave the file as it began (an even number of runs leaves it edited)
  git -C "$dir/before" checkout -q -- "$arm"
  git -C "$dir/after" checkout -q -- "$arm"
done

median() { sort -n | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo
echo "medians of $runs runs (before = ${before:0:7}, after = ${after:0:7}):"
printf '%-7s %-6s %6s | %-17s | %-17s | %-17s\n' tree edit load "compile wall/cpu" "tpb spec wall/cpu" "loop wall/cpu"
for kind in "${kinds[@]}"; do
  for name in before after; do
    row="$(grep "^$name $kind " "$results")"
    m=()
    for col in 3 4 5 6 7 8 9; do
      m+=("$(echo "$row" | cut -d' ' -f$col | median)")
    done
    printf '%-7s %-6s %6s | %7s s %6s s | %7s s %6s s | %7s s %6s s\n' "$name" "$kind" "${m[@]}"
  done
done
rm -f "$results"
