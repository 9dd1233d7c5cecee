#!/usr/bin/env bash
# Writes the seed corpus for every fuzz target into $1 (one folder per target).
# The seeds are small documents that reach each parser rule: every value kind, escapes,
# surrogates, big and odd numbers, nesting, duplicate keys, NDJSON lines, key paths.
set -euo pipefail
out=${1:?usage: make-seeds.sh OUTPUT_FOLDER}
documents=(
  '{}' '[]' '0' '-0' '-0.0' '1e-400' '1e400' '18446744073709551615' '18446744073709551616'
  '-9223372036854775808' '-9223372036854775809' '123.456e-7' '0.1' '"\u0000"' '"\ud83d\ude00"'
  '"\ud800"' '"\udc00\ud800"' '"a\/b\\c\"d\n\t"' '{"a":1,"a":2}' '{"\u0000":[true,false,null]}'
  '[1,[2,[3,[4,[5]]]]]' '{"a":{"b":{"c":[{"d":"e"}]}}}' '[1,]' '{"a" 1}' '[1 2]' '"unterminated'
  '{"id":1,"name":"café","tags":["x","y"],"score":1.5,"active":true,"created_at":"2024-01-02T03:04:05Z"}'
  '{"data":[{"id":1},{"id":2}],"more":[{"id":3}]}'
)
for target in parse keypath decode encode stream; do mkdir -p "$out/$target"; done
i=0
for doc in "${documents[@]}"; do
  for target in parse decode encode stream; do printf '%s' "$doc" > "$out/$target/seed-$i"; done
  printf 'a.b[0].c\n%s' "$doc" > "$out/keypath/seed-$i"
  i=$((i + 1))
done
printf '%s\n' '{"id":1}' '' '{"id":2}' '[3]' > "$out/stream/seed-lines"
printf '[%s]' "$(printf '"%s",' $(seq 1 50))1" > "$out/parse/seed-array"
printf '%0.s[' $(seq 1 520) > "$out/parse/seed-deep"
