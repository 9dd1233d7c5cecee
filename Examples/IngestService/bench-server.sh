#!/usr/bin/env bash
# `make bench-server`: the ingestion service (release build) under a real HTTP load generator.
#  1. wrk posts the same NDJSON body of BENCH_RECORDS events for BENCH_SECONDS with
#     BENCH_CONNECTIONS connections, to POST /events (FastMap, streamed) and to
#     POST /events/foundation (collected, then JSONDecoder), each against a fresh server
#     process: requests/s, records/s, p50/p99 latency, the server's peak RSS.
#  2. One BENCH_UPLOAD_MB NDJSON body and one JSON array of the same size, streamed by curl to
#     POST /events: records/s and the server's peak RSS above its idle RSS.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${BENCH_SECONDS:-15}
connections=${BENCH_CONNECTIONS:-8}
records=${BENCH_RECORDS:-1000}
upload_mb=${BENCH_UPLOAD_MB:-1000}
binary=${INGEST_BINARY:-Examples/IngestService/.build/release/IngestService}
work=.build/bench-server
rm -rf "$work" && mkdir -p "$work"
trap 'stop_server; rm -f "$work"/*.sqlite*' EXIT

pid=""
port=""
start_server() { # name
  "$binary" --port 0 --db "$work/$1.sqlite" > "$work/$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/$1.log")
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "server did not start:"; cat "$work/$1.log"; exit 1
}
stop_server() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
status_kb() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$pid/status"; }
stored() { curl -s "http://127.0.0.1:$port/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])'; }

python3 Examples/IngestService/make-bodies.py lines "$records" "$work/small.ndjson" > /dev/null
cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-ndjson"
local file = io.open("$work/small.ndjson", "rb")
wrk.body = file:read("*a")
file:close()
LUA

echo "== load: $connections connections for ${seconds}s, $records events ($(wc -c < "$work/small.ndjson") bytes) per request"
printf '%-22s %10s %12s %10s %10s %14s\n' route requests/s records/s p50 p99 "peak RSS MB"
results=()
for route in /events /events/foundation; do
  name=$(echo "$route" | tr / _)
  start_server "load$name"
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/post.lua" "http://127.0.0.1:$port$route" \
    > "$work/wrk$name.txt"
  rps=$(awk '/Requests\/sec/ { print $2 }' "$work/wrk$name.txt")
  p50=$(awk '$1 == "50%" { print $2 }' "$work/wrk$name.txt")
  p99=$(awk '$1 == "99%" { print $2 }' "$work/wrk$name.txt")
  non2xx=$(awk '/Non-2xx/ { print $NF }' "$work/wrk$name.txt")
  peak=$(status_kb VmHWM)
  [ -n "$non2xx" ] && echo "warning: $non2xx non-2xx answers on $route"
  printf '%-22s %10s %12.0f %10s %10s %14.1f\n' "$route" "$rps" "$(echo "$rps * $records" | bc -l)" "$p50" "$p99" \
    "$(echo "$peak / 1024" | bc -l)"
  stop_server
  rm -f "$work"/*.sqlite*
done

echo "== uploads of ${upload_mb} MB each to POST /events (streamed by curl)"
printf '%-10s %12s %12s %10s %14s %16s\n' format events seconds records/s "idle RSS MB" "peak above idle"
for format in lines array; do
  file="$work/big.$format"
  count=$(python3 Examples/IngestService/make-bodies.py "$format" "${upload_mb}mb" "$file")
  type=$([ "$format" = lines ] && echo application/x-ndjson || echo application/json)
  start_server "upload_$format"
  sleep 0.5
  idle=$(status_kb VmRSS)
  start=$(date +%s.%N)
  answer=$(curl -sS -X POST -H "Content-Type: $type" -T "$file" "http://127.0.0.1:$port/events")
  end=$(date +%s.%N)
  peak=$(status_kb VmHWM)
  got=$(stored)
  [ "$got" = "$count" ] || echo "warning: stored $got of $count events ($answer)"
  elapsed=$(echo "$end - $start" | bc -l)
  printf '%-10s %12s %12.1f %10.0f %14.1f %16.1f\n' "$format" "$count" "$elapsed" "$(echo "$count / $elapsed" | bc -l)" \
    "$(echo "$idle / 1024" | bc -l)" "$(echo "($peak - $idle) / 1024" | bc -l)"
  stop_server
  rm -f "$file" "$work"/*.sqlite*
done
