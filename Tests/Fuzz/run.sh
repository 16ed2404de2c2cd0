#!/usr/bin/env bash
# Runs every parser's fuzz target under libFuzzer (with AddressSanitizer and LeakSanitizer) for
# FUZZ_SECONDS each, then prints executions, speed and the result per target. `make fuzz` calls it.
# Inputs that crash, leak or hang are kept in .build/fuzz/crashes/; copy one into
# Tests/Fuzz/regressions/<target>/ once fixed, and FuzzRegressionTests runs it for good.
set -u
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
binary=.build/fuzz/meshpad-fuzz
targets=${FUZZ_TARGETS:-"native mm opml markdown xmind mermaid replay"}
mkdir -p .build/fuzz/crashes
echo "building $binary (swiftc -sanitize=fuzzer,address)"
swiftc -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -module-name MeshpadFuzz -I Sources/CZip \
  $(find Sources/MeshpadCore -name '*.swift') Tests/Fuzz/FuzzMain.swift -o "$binary" 2>&1 | grep -v "ld.gold: warning" || true
[ -x "$binary" ] || { echo "fuzz: the build failed"; exit 1; }
failed=0
summary=""
for target in $targets; do
  mkdir -p ".build/fuzz/work/$target"
  extra=""
  # Freeplane's own maps, where the project's shared folder has them, seed the .mm target too.
  if [ "$target" = mm ] && [ -d ../shared/maps ]; then extra=../shared/maps; fi
  echo "fuzz: $target for ${seconds} s"
  LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp" MESHPAD_FUZZ_TARGET="$target" \
    "$binary" ".build/fuzz/work/$target" "Tests/Fuzz/corpus/$target" $extra \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=".build/fuzz/crashes/$target-" > ".build/fuzz/$target.log" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' ".build/fuzz/$target.log" | grep -o '[0-9]*$')
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' ".build/fuzz/$target.log" | grep -o '[0-9]*$')
  if [ "$status" = 0 ]; then result=clean; else result="FAILED (see .build/fuzz/$target.log)"; failed=1; fi
  summary+=$(printf '%-9s %10s runs %7s exec/s  %s' "$target" "${runs:-?}" "${speed:-?}" "$result")$'\n'
done
printf '\n%s' "$summary"
exit $failed
