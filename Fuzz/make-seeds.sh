#!/usr/bin/env bash
# Writes the seed corpus for every fuzz target into $1 (one folder per target).
# The seeds are small documents that reach each parser rule: every value kind, escapes,
# surrogates, big and odd numbers, nesting, duplicate keys, NDJSON lines, key paths, and the
# models the decode/encode/stream targets read (records, numeric arrays, dates, data, URLs).
set -euo pipefail
out=${1:?usage: make-seeds.sh OUTPUT_FOLDER}
documents=(
  '{}' '[]' '0' '-0' '-0.0' '1e-400' '1e400' '18446744073709551615' '18446744073709551616'
  '-9223372036854775808' '-9223372036854775809' '123.456e-7' '0.1' '"\u0000"' '"\ud83d\ude00"'
  '"\ud800"' '"\udc00\ud800"' '"a\/b\\c\"d\n\t"' '{"a":1,"a":2}' '{"\u0000":[true,false,null]}'
  '[1,[2,[3,[4,[5]]]]]' '{"a":{"b":{"c":[{"d":"e"}]}}}' '[1,]' '{"a" 1}' '[1 2]' '"unterminated'
  '{"id":1,"name":"café","tags":["x","y"],"score":1.5,"active":true,"created_at":"2024-01-02T03:04:05Z"}'
  '{"data":[{"id":1},{"id":2}],"more":[{"id":3}]}'
  # Numbers at the edge of every Swift numeric type.
  '[127,-128,128,-129]' '[255,256,-1]' '[32767,-32768,32768]' '[2147483647,-2147483648,4294967295,4294967296]'
  '[9223372036854775807,-9223372036854775808,9223372036854775808]' '[1.0,1.5,-0.0,1e2,1E+2,1e-2]'
  '[3.4028235e38,3.4028236e38,1e39,1.401298464324817e-45,1e-46]' '[1.7976931348623157e308,5e-324,2.5e-324]'
  '[0.1,0.2,0.30000000000000004,123456789012345678901234567890]'
  "[$(printf '9%.0s' $(seq 1 400))]" "[-$(printf '1%.0s' $(seq 1 400))]" "[0.$(printf '0%.0s' $(seq 1 400))1]"
  '["nan","+inf","-inf","NaN","Infinity"]' '[NaN]' '[Infinity]' '[-Infinity]'
  # Models of the decode, encode and stream targets.
  '{"id":7,"ratio":0.5,"small":-3,"count":4000000000,"big":18446744073709551615,"amount":12.345678901234567890,"created":1.5,"payload":"aGVsbG8=","link":"https://example.com/a?b=c","meta":{"k":"v"},"children":[{"id":8,"extra":[1,"x",null,{"y":false}]}]}'
  '[{"id":1,"name":null},{"id":2,"tags":[]},{"id":3,"payload":"!!"}]'
  '{"user_id":1,"display_name":"A","created_at":"2024-02-29T12:00:00Z","nested_items":[{"user_id":2}]}'
  '[{"user_id":"x"},{"created_at":"not a date"}]' '{"id":1.0}' '{"id":1.5}' '{"id":"1"}' '{"small":200}'
  '["a\u00e9\u4e2d\ud834\udd1e","\u001f","</script>","a/b"]' '{"a":1,"b":{"c":[1,2,3]},"a":3}'
)
for target in parse keypath decode encode stream compose engines ladybug; do mkdir -p "$out/$target"; done
i=0
for doc in "${documents[@]}"; do
  for target in parse decode encode engines ladybug; do printf '%s' "$doc" > "$out/$target/seed-$i"; done
  # The stream target reads its first byte as the chunking seed.
  printf '\x05%s' "$doc" > "$out/stream/seed-$i"
  printf 'a.b[0].c\n%s' "$doc" > "$out/keypath/seed-$i"
  # The compose target: a settings byte, then two documents split at a NUL.
  hex=$(printf '%02x' $((i % 16)))
  printf "\\x$hex%s\\000%s" "$doc" "${documents[$(((i + 7) % ${#documents[@]}))]}" > "$out/compose/seed-$i"
  i=$((i + 1))
done
{ printf '\x03'; printf '%s\n' '{"id":1}' '' '{"id":2}' '[3]' 'nope' '  ' '{"a":"\ud800"}' '"x"'; } > "$out/stream/seed-lines"
printf '\x00[%s]' "$(printf '{"id":%s},' $(seq 1 40)){}" > "$out/stream/seed-records"
printf '[%s]' "$(printf '"%s",' $(seq 1 50))1" > "$out/parse/seed-array"
printf '%0.s[' $(seq 1 520) > "$out/parse/seed-deep"
printf '%0.s[' $(seq 1 520) > "$out/decode/seed-deep"
# Exactly 513 levels, the last bracket the last byte: JSONDecoder traps there (the target leaves
# Foundation out and checks that FastMap throws).
printf '%0.s[' $(seq 1 513) > "$out/decode/seed-deep-at-end"
printf '\xef\xbb\xbf{"id":1}' > "$out/decode/seed-bom"
printf '[\x001\x00]\x00' > "$out/decode/seed-utf16le"
# Half a surrogate pair in a key no model reads (a FuzzDecode find): JSONDecoder never looks at
# it, FastMap rejects it (.invalidUnicode, excused as its documented strictness).
printf '{"data":[{"k\\ud800x":3}],"id":1}' > "$out/decode/seed-lone-surrogate-unread"
printf '["\xc3\x28","\xed\xa0\x80","\xf4\x90\x80\x80"]' > "$out/parse/seed-bad-utf8"
printf 'data[1].id\n{"data":[{"id":1},{"id":2}]}' > "$out/keypath/seed-data"
printf 'a\\.b["c"][-1]\n{"a.b":{"c":[1]}}' > "$out/keypath/seed-escapes"
# The engines target: where simdjson's walk and the yajl engine it hands rejected text to meet.
cp "$out/parse/seed-array" "$out/parse/seed-deep" "$out/parse/seed-bad-utf8" "$out/engines/"
printf '%0.s[' $(seq 1 1100) > "$out/engines/seed-deeper"
printf '[1,{"a":[2,],},]' > "$out/engines/seed-trailing-commas"
# The ladybug target's models: JSON values with key paths below them, paths through arrays.
printf '{"meta":{"a":1},"list":[{"name":"n"}],"before":{"flag":true}}' > "$out/ladybug/seed-overlaps"
printf '{"meta":{"extra":2},"list":[1,[2],3]}' > "$out/ladybug/seed-overlaps-kept"
printf '{"meta":[1],"list":{"x":1}}' > "$out/ladybug/seed-overlaps-kinds"
printf '{"ids":[4],"details":{"title":"t"},"tags":["a","b"],"pricing":{"amount":2.5},"items":[{"name":"x","dims":{"w":3}}],"people":{"owner":{"name":"o"}}}' > "$out/ladybug/seed-paths"
printf '[{"ids":[]},{"tags":[]},{"items":[{"name":"y"}]}]' > "$out/ladybug/seed-path-list"
printf '{"at":{"time":"2024-02-29T12:00:00.250Z"},"meta":{"count":"7"},"people":[{"name":"p","dims":{"w":1}}],"team":{"crew":[{"name":"c"}]}}' > "$out/ladybug/seed-adapted"
printf "{a: 1, 'b': [0x10, +1, .5, Infinity,], // c\n}" > "$out/engines/seed-json5"
printf '[1] [2]' > "$out/engines/seed-two-roots"
printf '{"a\\"b\\\\":"\\ud83d\\ude00\\u0041\\/"}' > "$out/engines/seed-escaped-key"
printf '[\n  {\n    "id" : 1 ,\n    "x" : [ true , false , null ]\n  }\n]\n' > "$out/engines/seed-pretty"
# Prose with escapes between long runs: both engines copy the text between escapes a run at a time.
printf '["%s","%s"]' "$(printf 'some words \\n%.0s' $(seq 1 40))" "$(printf 'a\\"b\\\\c\\u00e9 %.0s' $(seq 1 30))" \
  > "$out/engines/seed-prose"
cp "$out/engines/seed-prose" "$out/parse/"
