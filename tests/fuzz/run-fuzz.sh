#!/usr/bin/env bash
# Builds the fuzz targets with clang (libFuzzer, ASan, UBSan) and runs each for SECONDS (default 60)
# on its seed corpus; fails on any crash, sanitizer report, invariant failure or timeout.
#   tests/fuzz/run-fuzz.sh [SECONDS]
#   tests/fuzz/run-fuzz.sh --build-only   (what ctest's test_fuzz_build does: the build, whose time
#                                           depends on the machine, apart from the bounded runs)
# Environment:
#   PTRIAGE_FUZZ_BUILD       build folder (default: <repo>/build-fuzz)
#   PTRIAGE_FUZZ_OUT         logs, summary.txt, grown corpora and crash inputs (default: <build>/runs)
#   PTRIAGE_FUZZ_JOBS        targets run at once (default 1)
#   PTRIAGE_FUZZ_BUILD_JOBS  ninja -j (default 1; the build runs under nice)
#   PTRIAGE_FUZZ_TARGETS     a space-separated subset (default: all)
#   PTRIAGE_FUZZ_SEED        libFuzzer's -seed (default: a new one each run). CI fixes it: with a fresh
#                            out folder a run then tries the same inputs in the same order, so CI
#                            catches what a change breaks and does not fail on a new random find
# Prints one line per target: runs, coverage (cov:), corpus size, crashes. The seed corpora in
# tests/fuzz/corpus/ are only read; what a run adds goes to the out folder.
set -uo pipefail

build_only=0
[ "${1:-}" = --build-only ] && build_only=1 && shift
seconds="${1:-60}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
build="${PTRIAGE_FUZZ_BUILD:-$repo/build-fuzz}"
out="${PTRIAGE_FUZZ_OUT:-$build/runs}"
jobs="${PTRIAGE_FUZZ_JOBS:-1}"
build_jobs="${PTRIAGE_FUZZ_BUILD_JOBS:-1}"

cxx="$(command -v clang++ || command -v clang++-14 || true)"
if [ -z "$cxx" ]; then
  echo "run-fuzz: clang++ not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 1
fi

runtime="$("$cxx" -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a"
if [ ! -f "$runtime" ]; then
  echo "run-fuzz: no libFuzzer runtime ($runtime; Debian: apt-get install libclang-rt-14-dev)" >&2
  exit 1
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# Paths below the checkout hashed as relative ones: another clone (CI's) finds what this one compiled.
export CCACHE_BASEDIR="$repo" CCACHE_NOHASHDIR=1
mkdir -p "$build"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DPTRIAGE_WERROR=ON "${launcher[@]}" \
    >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; echo "run-fuzz: configure failed" >&2; exit 1; }
fi
nice -n 15 ninja -C "$build" -j "$build_jobs" >"$build/ninja.log" 2>&1 \
  || { tail -50 "$build/ninja.log" >&2; echo "run-fuzz: build failed" >&2; exit 1; }
if [ "$build_only" -eq 1 ]; then
  echo "run-fuzz: $(wc -l <"$build/fuzz-targets.txt") targets built in $build"
  exit 0
fi

if [ -n "${PTRIAGE_FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<<"$PTRIAGE_FUZZ_TARGETS"
else
  mapfile -t targets <"$build/fuzz-targets.txt"
fi
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allocator_may_return_null=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# One target: fuzz into a copy of its corpus (new inputs kept there), then report.
run_one() {
  local t="$1" seeds="$here/corpus/${1#fuzz_}" corpus="$out/corpus/${1#fuzz_}" log="$out/$1.log"
  mkdir -p "$corpus" "$out/crashes"
  touch "$out/crashes/.start-$t"
  local start=$SECONDS
  # -timeout=60: a unit takes well under a second, but a starved idle-priority process on a busy
  # machine can sit for 10-30 s on one (replayed: 0.2 s); a real hang still fails.
  nice -n 19 "$build/$t" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
    ${PTRIAGE_FUZZ_SEED:+-seed="$PTRIAGE_FUZZ_SEED"} -artifact_prefix="$out/crashes/$t-" "$corpus" "$seeds" >"$log" 2>&1
  local rc=$?
  local runs cov corp crashes result
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  corp=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | awk '{print $2}')
  # Inputs that crashed, leaked, hung or ran out of memory, and reports in the log (one for each);
  # not slow-unit-* files, which only say a unit took over 10 s (a busy machine, not a bug).
  crashes=$(find "$out/crashes" -newer "$out/crashes/.start-$t" \( -name "$t-crash-*" -o -name "$t-leak-*" \
    -o -name "$t-timeout-*" -o -name "$t-oom-*" \) 2>/dev/null | wc -l)
  grep -qE '^==[0-9]+==ERROR|runtime error:|fuzz invariant failed|ERROR: libFuzzer' "$log" && [ "$crashes" -eq 0 ] && crashes=1
  result=ok
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then result=FAILED; [ "$crashes" -eq 0 ] && crashes=1; fi
  printf '%-24s runs=%-10s cov=%-5s corpus=%-12s crashes=%s seconds=%s %s\n' "$t" "${runs:-?}" "${cov:-?}" \
    "${corp:-?}" "$crashes" "$((SECONDS - start))" "$result" | tee -a "$summary"
  [ "$result" = ok ]
}

failed=0
running=0
for t in "${targets[@]}"; do
  if [ "$jobs" -le 1 ]; then
    run_one "$t" || failed=1
    continue
  fi
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done

if [ "$failed" -ne 0 ]; then
  echo "run-fuzz: FAILED (logs and crash inputs in $out)" >&2
  exit 1
fi
echo "run-fuzz: ${#targets[@]} targets, ${seconds} s each, no crash (summary: $summary)"
