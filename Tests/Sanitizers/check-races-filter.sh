#!/usr/bin/env bash
# ThreadSanitizer runs only the suites its filter names (`make races`, TSAN_TESTS in the
# Makefile): this fails when a test file that starts a task or a thread declares a suite the
# filter misses. The trait-gated server suites are left out: the sanitizer builds use the
# default traits, which build none of them.
# Usage: check-races-filter.sh 'Regex|Of|Suite|Names'
set -euo pipefail
cd "$(dirname "$0")/../.."
filter=$1
starts='Task \{|Task\.detached|withTaskGroup|withThrowingTaskGroup|withDiscardingTaskGroup|async let|DispatchQueue|DispatchGroup|concurrentPerform|Thread\(|pthread_create'
missed=""
# Each start is charged to the suite declared last above it in its file, or, above the file's
# first suite (a helper the suites call), to that first suite.
while read -r suite file; do
  [[ $suite =~ $filter ]] || missed="$missed $suite ($file)"
done < <(grep -rlE "$starts" Tests --include='*.swift' \
  | grep -vE '^Tests/(FastMapNIOTests|FastMapHummingbirdTests|FastMapVaporTests|FastMapTestSupport)/' | sort \
  | xargs awk -v starts="$starts" '
      function charge(name) { if (!seen[name]++) print name, FILENAME }
      FNR == 1 { suite = ""; early = 0 }
      match($0, /(struct|class) [A-Za-z0-9_]+Tests([^A-Za-z0-9_]|$)/) {
        suite = substr($0, RSTART, RLENGTH); sub(/^(struct|class) /, "", suite); sub(/[^A-Za-z0-9_]$/, "", suite)
        if (early) { charge(suite); early = 0 }
      }
      $0 ~ starts { if (suite != "") charge(suite); else early = 1 }')
if [ -n "$missed" ]; then
  echo "suites that start tasks or threads but are not in ThreadSanitizer's filter (TSAN_TESTS):$missed"
  exit 1
fi
echo "ok   every suite that starts a task or a thread is in ThreadSanitizer's filter"
