#!/usr/bin/env bash
# The one-way layering (ARCHITECTURE.md), checked against a debug build of the package:
#  1. only FastMapCore imports the C targets;
#  2. the FastMap product depends on no swift-syntax module;
#  3. each `pass-*.swift` type-checks against the built modules and each `fail-*.swift` does not
#     (its first line names the error it must produce): `import FastMap` shows no Ladybug global
#     and no @JSONModel annotation, while FastMapLadybug / FastMapModels show them and FastMap's API;
#  4. the server front ends stay apart (FastMapHummingbird and FastMapVapor never import each
#     other), and a package using plain FastMap (default traits) resolves no NIO, Hummingbird or
#     Vapor (Tests/LayerChecks/PlainConsumer);
#  5. one error funnel: only FastMap's CodingErrors.swift makes `DecodingError` / `EncodingError`
#     values (matching them in `case` patterns is fine), and no C file classifies a yajl failure
#     by the text of yajl's message;
#  6. nothing leans on another library's internals: no jansson allocation hooks, hash seed,
#     private structure or load-time constructor in Sources, and no Swift ABI tricks;
#  7. unsafe code stays in the core: no Swift file outside Sources/FastMapCore names an `Unsafe…`
#     type, `Unmanaged` or `OpaquePointer`, or calls a `withUnsafe…` / `unsafe…` API (comments
#     aside). Front ends lend input to the core as `JSONInput` and key nodes by `JSONNode.ID`;
#     the core's package and public declarations name no unsafe type (a few take bytes in).
#  8. no Swift ABI tricks: no Swift or C file of the project (the products, tests, benchmarks,
#     fuzz targets and examples) mentions `@_silgen_name` or `swiftcall` (no Swift declaration
#     bound to a C symbol, no C function compiled in Swift's calling convention).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-.build/debug}
status=0

offenders=$(grep -rlE '^(@_implementationOnly |internal |package |public )?import (CJansson|CYajl|CFastMap|CSimdjson|CFastMapSimdjson)\b' Sources \
  | grep -v '^Sources/FastMapCore/' || true)
if [ -n "$offenders" ]; then echo "C imported outside FastMapCore: $offenders"; status=1; fi

closure=$(swift package describe --type json | python3 -c '
import json, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
seen, stack = set(), ["FastMap"]
while stack:
    name = stack.pop()
    if name in seen: continue
    seen.add(name)
    target = targets.get(name, {})
    stack += target.get("target_dependencies", [])
    for product in target.get("product_dependencies", []): seen.add(product)
print(" ".join(sorted(seen)))')
echo "FastMap builds: $closure"
if echo "$closure" | grep -qi 'syntax\|Macros'; then echo "FastMap depends on swift-syntax"; status=1; fi

for pair in "FastMapHummingbird:Vapor" "FastMapVapor:Hummingbird"; do
  module=${pair%%:*}; other=${pair##*:}
  if grep -rqE "^(@_exported |internal |package |public )*import (FastMap)?$other\b" "Sources/$module"; then
    echo "$module imports $other"; status=1
  fi
done
plain=$(cd Tests/LayerChecks/PlainConsumer && swift package show-dependencies --scratch-path ../../../.build-plain-consumer 2>&1) \
  || { echo "$plain"; status=1; }
if grep -qiE 'swift-nio|hummingbird|vapor' <<<"$plain"; then
  echo "a plain FastMap user resolves server packages:"; echo "$plain"; status=1
else echo "ok   a plain FastMap user resolves no NIO, Hummingbird or Vapor"; fi

cases='(typeMismatch|keyNotFound|valueNotFound|dataCorrupted|invalidValue)'
builds="(DecodingError|EncodingError)\.$cases\(|(^|[^]A-Za-z0-9_)])\.$cases\("
builders=$(grep -rnE --include='*.swift' "$builds" Sources | grep -vE '^[^:]+:[0-9]+:\s*//' \
  | sed -E "s/\.$cases\((let |_)[^)]*\)//g" | grep -E "$builds" \
  | grep -v '^Sources/FastMap/Codable/CodingErrors.swift:' || true)
if [ -n "$builders" ]; then echo "Coding errors built outside CodingErrors.swift:"; echo "$builders"; status=1
else echo "ok   only CodingErrors.swift builds DecodingError / EncodingError values"; fi
unsafe_names='\b(Unsafe[A-Za-z]*|withUnsafe[A-Za-z]*|unsafe[A-Z][A-Za-z]*|Unmanaged|OpaquePointer)\b'
unsafe=$(grep -rnE --include='*.swift' "$unsafe_names" Sources | grep -v '^Sources/FastMapCore/' \
  | sed -E 's#//.*$##' | grep -E "$unsafe_names" || true)
if [ -n "$unsafe" ]; then echo "unsafe code outside FastMapCore:"; echo "$unsafe"; status=1
else echo "ok   no unsafe pointer or unsafe API outside FastMapCore"; fi
# ...and the core hands none out: no package or public declaration of FastMapCore names an
# unsafe type, except the few that only take bytes in (the SPI byte writer's buffer entry
# points, the tokenizer-ceiling scan the benchmarks time) and so give a caller no pointer.
lent=$(grep -rnE "^\s*(@[A-Za-z_()]+ )*(package|public|open)\b.*$unsafe_names" Sources/FastMapCore \
  | grep -vE 'func (writeString\(utf8:|writeFiniteDoubleList\(_ values: Unsafe|scan\(_ bytes: UnsafeRawBufferPointer)' \
  | grep -vE 'init\(janssonValue: OpaquePointer\)|func makeJanssonValue\(\) throws\(FastMapError\) -> OpaquePointer' || true)
if [ -n "$lent" ]; then echo "FastMapCore hands out unsafe types:"; echo "$lent"; status=1
else echo "ok   FastMapCore's package and public API hands out no unsafe type"; fi
# jansson through its public API only, and none of its process-wide state (allocation functions,
# hash seed); no work before main; no private jansson structure.
private='json_set_alloc_funcs|json_object_seed|__attribute__ *\(\(constructor|\b(hashtable_t|hashtable_set|pair_t|bucket_t|json_object_t|json_array_t|json_string_t|json_real_t|json_integer_t|jsonp_[a-z_]+)\b'
leaning=$(grep -rnE "$private" Sources || true)
if [ -n "$leaning" ]; then echo "jansson's process-wide state or private structures used:"; echo "$leaning"; status=1
else echo "ok   jansson through its public API only, no process-wide state, nothing before main"; fi
matched=$(grep -rnE '\b(strstr|strcasestr|strn?cmp)\(' Sources/CFastMap || true)
if [ -n "$matched" ]; then echo "yajl messages matched in C:"; echo "$matched"; status=1
else echo "ok   no C file matches yajl's message text"; fi
abi=$(grep -rnE --exclude-dir=.build --include='*.swift' --include='*.[ch]' --include='*.cpp' \
  '@_silgen_name|swiftcall' Sources Tests Benchmarks Fuzz/Sources Examples || true)
if [ -n "$abi" ]; then echo "Swift ABI tricks (@_silgen_name / swiftcall):"; echo "$abi"; status=1
else echo "ok   no @_silgen_name or swiftcall in the project's code"; fi

flags=(-typecheck -I "$build/Modules" -I Sources/CJansson -I Sources/CYajl
  -Xcc -fmodule-map-file="$build/CFastMap.build/module.modulemap" -Xcc -I -Xcc Sources/CFastMap/include)
for file in Tests/LayerChecks/pass-*.swift; do
  if ! out=$(swiftc "${flags[@]}" "$file" 2>&1); then echo "FAIL $file should compile:"; echo "$out"; status=1
  else echo "ok   $file compiles"; fi
done
for file in Tests/LayerChecks/fail-*.swift; do
  expected=$(head -1 "$file" | sed 's|^// expect: ||')
  if out=$(swiftc "${flags[@]}" "$file" 2>&1); then echo "FAIL $file compiled"; status=1
  elif ! grep -qF "$expected" <<<"$out"; then echo "FAIL $file: expected '$expected', got:"; echo "$out"; status=1
  else echo "ok   $file rejected ($expected)"; fi
done
exit $status
