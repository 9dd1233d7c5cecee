#!/usr/bin/env bash
# The documentation's Swift snippets, compiled and run (`make snippets`, part of `make test`).
#
#   snippets.sh extract DIR        every ```swift block of README.md and the DocC articles
#                                  (Sources/*/*.docc/*.md) becomes DIR/<name>/main.swift, a
#                                  program of its own; DIR/index lists name, mode and origin,
#                                  DIR/out/<name>.expected what it must print.
#   snippets.sh run DIR BIN        runs each snippet's executable from BIN and compares what it
#                                  prints with the ```text block that follows it in the text.
#
# Package.swift adds one executable target per DIR/<name> when FASTMAP_SNIPPETS=DIR is set, so
# the snippets compile in the main package's own build (its flags, its traits, nothing rebuilt).
#
# The Markdown conventions:
#   - a ```swift block is a complete program; an HTML comment just before it (invisible on
#     GitHub and in DocC) can change that: `<!-- snippet: continued -->` (the block goes on the
#     program of the block before it, as an article's next step does: it sees its declarations,
#     and what it prints follows what that printed), `<!-- snippet: compile-only -->` (compiled
#     but not run: a server that would wait for requests), `<!-- snippet: no-run -->` (not Swift
#     a program can hold: a Package.swift fragment);
#   - a ```text block that follows a ```swift block, with only blank lines between, is what that
#     block prints; a program whose blocks have none must print nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."

documents() {
  echo README.md
  find Sources -path '*.docc/*' -name '*.md' | LC_ALL=C sort
}

# The name of a document's snippets: README, or <Module>_<Article>.
prefix() {
  case "$1" in
    README.md) echo Readme ;;
    *) echo "$(basename "$(dirname "$(dirname "$1")")")_$(basename "$1" .md)" ;;
  esac
}

extract() {
  local target=$1 dir="$1.new"
  rm -rf "$dir" && mkdir -p "$dir/out"
  : > "$dir/index"
  local doc
  for doc in $(documents); do
    awk -v doc="$doc" -v prefix="Snippet_$(prefix "$doc")" -v dir="$dir" '
      BEGIN { n = 0; mode = "run"; state = "text"; current = "" }
      state == "text" && /^[ \t]*<!-- snippet: (compile-only|no-run|continued) -->[ \t]*$/ {
        match($0, /(compile-only|no-run|continued)/); mode = substr($0, RSTART, RLENGTH); next
      }
      state == "text" && /^[ \t]*```swift[ \t]*$/ {
        indent = match($0, /[^ ]/) - 1
        if (mode == "no-run") { state = "skip"; mode = "run"; next }
        if (mode == "continued") {
          if (current == "") { printf "%s:%d: a continued snippet with none before it\n", doc, NR > "/dev/stderr"; exit 1 }
        } else {
          n++; current = sprintf("%s_%02d", prefix, n)
          system("mkdir -p \"" dir "/" current "\"")
          printf "%s\t%s\t%s:%d\n", current, mode, doc, NR >> (dir "/index")
        }
        main = dir "/" current "/main.swift"
        printf "#sourceLocation(file: \"%s\", line: %d)\n", doc, NR + 1 >> main
        mode = "run"; state = "swift"; next
      }
      state == "swift" && /^[ \t]*```[ \t]*$/ { close(main); state = "after"; next }
      state == "swift" { print substr($0, indent + 1) >> main; next }
      state == "skip" && /^[ \t]*```[ \t]*$/ { state = "text"; next }
      state == "skip" { next }
      state == "after" && /^[ \t]*$/ { next }
      state == "after" && /^[ \t]*```text[ \t]*$/ {
        indent = match($0, /[^ ]/) - 1
        expected = dir "/out/" current ".expected"; printf "" >> expected; state = "expected"; next
      }
      state == "after" { state = "text" }
      state == "expected" && /^[ \t]*```[ \t]*$/ { close(expected); state = "text"; next }
      state == "expected" { print substr($0, indent + 1) >> expected; next }
      state == "text" { next }
      END {
        if (state == "swift" || state == "expected" || state == "skip") {
          printf "%s: a code block is not closed\n", doc > "/dev/stderr"; exit 1
        }
      }
' "$doc"
  done
  # Into the build's directory, touching only the programs whose text changed, so an unchanged
  # snippet is not compiled again.
  mkdir -p "$target"
  local path name
  for path in "$target"/Snippet_*; do
    [ -e "$path" ] || continue
    name=$(basename "$path")
    [ -d "$dir/$name" ] || rm -rf "$path"
  done
  for path in "$dir"/Snippet_*; do
    name=$(basename "$path")
    if ! cmp -s "$path/main.swift" "$target/$name/main.swift"; then
      mkdir -p "$target/$name" && cp "$path/main.swift" "$target/$name/main.swift"
    fi
  done
  rm -rf "$target/out" && mv "$dir/out" "$target/out" && mv "$dir/index" "$target/index" && rm -rf "$dir"
  echo "snippets: $(wc -l < "$target/index") extracted into $target"
}

run() {
  local dir=$1 bin=$2 failed=0 ran=0 compiled=0
  local name mode origin
  while IFS=$'\t' read -r name mode origin; do
    if [ ! -x "$bin/$name" ]; then
      echo "snippet $origin ($name): no executable in $bin"; failed=$((failed + 1)); continue
    fi
    if [ "$mode" = compile-only ]; then compiled=$((compiled + 1)); continue; fi
    ran=$((ran + 1))
    local expected="$dir/out/$name.expected" actual="$dir/out/$name.actual" status=0
    [ -f "$expected" ] || : > "$expected"
    (cd "$dir/out" && SWIFT_BACKTRACE=enable=no timeout 120 "$bin/$name") > "$actual" 2> "$dir/out/$name.stderr" \
      || status=$?
    if [ $status -ne 0 ]; then
      echo "snippet $origin ($name) exited with status $status:"; cat "$dir/out/$name.stderr"
      failed=$((failed + 1))
    elif ! diff -u --label "expected ($origin)" --label "printed" "$expected" "$actual"; then
      failed=$((failed + 1))
    fi
  done < "$dir/index"
  echo "snippets: $ran run, $compiled compiled only, $failed failed"
  [ $failed -eq 0 ]
}

case "${1:-}" in
  extract) extract "$2" ;;
  run) run "$2" "$3" ;;
  *) echo "usage: $0 extract DIR | run DIR BIN" >&2; exit 2 ;;
esac
