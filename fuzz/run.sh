#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a
# number of seconds (default 60), starting from seeds taken from corpus/,
# fuzz/seeds/ (warehouse scripts: long DDL, ${...}, Chinese comments, junk) and
# the Hive queries, with a dictionary of HiveQL keywords and operators.
#
#   bash fuzz/run.sh [SECONDS] [TARGET ...]
#
# Crashes, leaks and timeouts are written to fuzz/artifacts/ (git-ignored);
# turn each into a regression test before fixing it. SECONDS 0 is the check
# CI runs (tools/setup.sh test): every target built and run once over every
# seed, no mutation, failing on the first crash, leak or timeout.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${1:-60}"
shift || true
targets=("$@")
# By default every target fuzz/meson.build lists.
[[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(sed -n "s/^  '\([a-z_0-9]*_fuzzer\)'.*/\1/p" fuzz/meson.build)
[[ ${#targets[@]} -gt 0 ]] || { echo "error: no fuzz targets found in fuzz/meson.build" >&2; exit 1; }
shared="${SHARED_DIR:-$root/../shared}"
# FUZZ_BUILD_DIR: an existing build configured with -Dfuzz=true (CI passes
# its sanitizer build, which serves the suites and the targets alike).
build="${FUZZ_BUILD_DIR:-build-fuzz}"

# clang and its sanitizer and libFuzzer runtimes (libclang-rt-14-dev, which
# clang only recommends: a clang++ installed without it cannot link the
# targets), installed as root (sudo when not root) when a probe cannot link.
probe='extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }'
if ! command -v clang++ >/dev/null ||
  ! echo "$probe" | clang++ -x c++ -fsanitize=fuzzer,address,undefined - -o /dev/null 2>/dev/null; then
  as_root=()
  [[ "$(id -u)" == 0 ]] || as_root=(sudo)
  "${as_root[@]}" apt-get update
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y clang libclang-rt-14-dev
fi
if [[ ! -f "$build/build.ninja" ]]; then
  CXX=clang++ meson setup "$build" -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized
fi
ninja -C "$build" "${targets[@]/#/fuzz/}"

work="$root/fuzz/work"
mkdir -p "$work" "$root/fuzz/artifacts"
# Dictionary: every keyword plus operators.
dict="$work/hiveql.dict"
{
  sed -n 's/^HIVEQL_KEYWORD([A-Za-z]*, "\([A-Z_]*\)".*/"\1"/p' src/lexer/keywords.def
  for op in '<=>' '<>' '!=' '<=' '>=' '==' '||' '${' '${hiveconf:' '${hivevar:' '/*+' '*/' '--' '`' "'" '"' ';' '(' ')' ','; do
    printf '"%s"\n' "$(printf '%s' "$op" | sed 's/\\/\\\\/g; s/"/\\"/g')"
  done
} > "$dict"
# Seeds: whole scripts for script-level targets, single statements for the parser ones.
# Spark SQL seeds (fuzz/seeds/spark/ and Spark's own test queries) start with
# the byte 0x01 that makes the SQL targets read Spark (fuzz/dialect_byte.h).
scripts="$work/seeds-scripts" statements="$work/seeds-statements" sparks="$work/seeds-spark"
if [[ ! -f "$work/seeds.v2" ]]; then
  rm -rf "$scripts" "$statements" "$sparks"
  mkdir -p "$scripts" "$statements" "$sparks"
  cp corpus/scripts/*.sql fuzz/seeds/*.sql "$scripts/" 2>/dev/null || true
  if [[ -d "$shared/corpus/hive-qtests/queries" ]]; then
    find "$shared/corpus/hive-qtests/queries" -name '*.q' -size -16k -exec cp {} "$scripts/" \;
  fi
  cp fuzz/seeds/spark/*.sql "$sparks/"
  if [[ -d "$shared/corpus/spark-sqltests/queries" ]]; then
    find "$shared/corpus/spark-sqltests/queries" -name '*.sql' -size -16k -exec cp {} "$sparks/" \;
  fi
  python3 - "$scripts" "$statements" "$sparks" <<'PY'
import os, sys, hashlib
src, dst, spark = sys.argv[1], sys.argv[2], sys.argv[3]
def split(folder, mark):
    for name in sorted(os.listdir(folder)):
        text = open(os.path.join(folder, name), 'rb').read()
        if mark:
            open(os.path.join(src, 'spark-' + name), 'wb').write(mark + text)
        for st in text.split(b';'):
            st = st.strip()
            if st and not st.lower().startswith((b'set ', b'--')):
                open(os.path.join(dst, hashlib.sha1(mark + st).hexdigest()), 'wb').write(mark + st)
split(src, b'')
split(spark, b'\x01')
PY
  touch "$work/seeds.v2"
fi
# The readers' seeds: the repository's own examples of each format, and the
# small hand-written ones of fuzz/seeds/TARGET/ (forms the examples lack).
reader_seeds() {
  case "$1" in
    catalog_json_fuzzer) echo corpus/catalog.json ;;
    catalog_ddl_fuzzer) find corpus/warehouse/ddl -name '*.sql'; echo tests/fixtures/catalog/show_create_beeline.txt ;;
    describe_fuzzer) echo tests/fixtures/catalog/describe_beeline.txt tests/fixtures/catalog/describe_cli.txt ;;
    metastore_tsv_fuzzer) echo tests/fixtures/catalog/metastore.tsv ;;
    dolphinscheduler_fuzzer) echo corpus/warehouse/governance/dolphinscheduler_export.json ;;
    ranger_log_fuzzer) echo corpus/warehouse/logs/ranger_hive_audit.log ;;
    jsonl_log_fuzzer) echo corpus/warehouse/logs/queries.jsonl ;;
    schedule_jobs_fuzzer) echo corpus/warehouse/governance/jobs.json ;;
    sensitivity_rules_fuzzer) echo corpus/warehouse/governance/tags.csv corpus/warehouse/governance/levels.csv ;;
    datax_job_fuzzer) echo corpus/sync/jobs/*.json ;;
    sqoop_script_fuzzer) echo corpus/sync/jobs/*.sh ;;
    seatunnel_fuzzer) echo corpus/sync/jobs/*.conf ;;
    system_map_fuzzer) echo corpus/sync/governance/systems.txt ;;
    domains_fuzzer) echo corpus/warehouse/governance/domains.csv ;;
    runs_fuzzer) echo corpus/warehouse/governance/runs.csv ;;
    dqc_results_fuzzer) echo corpus/warehouse/governance/dqc_results.csv ;;
  esac
  [[ ! -d "fuzz/seeds/$1" ]] || find "fuzz/seeds/$1" -type f
}
failed=0
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
for t in "${targets[@]}"; do
  max_len=16384
  case "$t" in
    lex_fuzzer|pipeline_fuzzer) seeds="$scripts" ;;
    parse_fuzzer|roundtrip_fuzzer) seeds="$statements" ;;
    *)
      seeds="$work/seeds-$t"
      rm -rf "$seeds" && mkdir -p "$seeds"
      for f in $(reader_seeds "$t"); do cp "$f" "$seeds/$(echo "$f" | tr / _)"; done
      # The DolphinScheduler example export is 62 KB.
      [[ "$t" != dolphinscheduler_fuzzer ]] || max_len=65536
      ;;
  esac
  if [[ "$seconds" == 0 ]]; then
    count=$(find "$seeds" -type f | wc -l)
    echo "== $t once over $count seeds"
    [[ "$count" -gt 0 ]] || { echo "error: no seeds for $t" >&2; failed=1; continue; }
    # -runs=0: the seeds are read and run, nothing is mutated.
    "$build/fuzz/$t" "$seeds" -runs=0 -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 \
      -artifact_prefix="$root/fuzz/artifacts/$t-" >"$work/$t.log" 2>&1 ||
      { tail -30 "$work/$t.log" >&2; echo "error: $t failed on a seed (log: $work/$t.log)" >&2; failed=1; }
    grep -E 'INITED|DONE' "$work/$t.log" | tail -1 || true
    continue
  fi
  mkdir -p "$work/$t"
  echo "== $t for ${seconds}s"
  "$build/fuzz/$t" "$work/$t" "$seeds" -dict="$dict" -max_total_time="$seconds" -max_len="$max_len" \
    -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$root/fuzz/artifacts/$t-" -print_final_stats=1 2>&1 |
    grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY|artifact)' || true
done
ls "$root/fuzz/artifacts" | sed 's/^/artifact: /'
exit "$failed"
