# FastMap — the two commands are `make test` and `make bench`.
SWIFT ?= swift
APT_PACKAGES := libjansson-dev libyajl-dev libsimdjson-dev pkg-config libsqlite3-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build test test-build snippets test-example test-portable test-large bench bench-serde bench-streaming bench-server format lint docs leaks leaks-build leaks-run races races-build races-run races-run-then-fuzz macro-plugin sanitize fuzz-build fuzz clean

# Installs the Debian packages $(1) that are missing (`$(call apt_install,PACKAGES,TARGET)`).
apt_install = @missing=""; for p in $(1); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	else echo "$(2): $(1) already installed"; fi

setup:
	$(call apt_install,$(APT_PACKAGES),setup)

build: setup
	$(SWIFT) build

# Extra build flags for every debug build (`make test`, `make docs`, `make sanitize`): CI passes
# `-debug-info-format none`, which compiles about a sixth less; `make docs` must get the same
# flags as `make test` to reuse its build. (The index store stays: on Linux, `swift test` finds
# the XCTest cases through it.)
SWIFT_BUILD_FLAGS ?=

# Every package trait, so the server integrations (FastMapNIO, FastMapHummingbird, FastMapVapor)
# build and run with the rest.
TRAITS := NIO,Hummingbird,Vapor

# SwiftPM writes the enabled traits' -D flags in the order of a Set, which changes with each
# process's hash seed; a build whose order differs from the last one's recompiles every module of
# this package and some of its dependencies (131 s here). A fixed seed for SwiftPM keeps the
# order, so `make snippets` and `make docs` reuse `make test`'s build. The tests themselves run
# without it (`--skip-build`): their dictionaries keep a random order.
SWIFTPM := SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT)

# Tests run one at a time: the memory tests read the process's resident size. Then the layering
# (ARCHITECTURE.md) is checked against the debug build the tests used, the documentation's
# snippets run, and the example service's end-to-end tests.
test: test-build
	$(SWIFT) test $(SWIFT_BUILD_FLAGS) --skip-build --no-parallel --traits $(TRAITS)
	bash Tests/LayerChecks/check.sh
	$(MAKE) snippets
	$(MAKE) test-example

# The debug build of every target and test, every trait on (`make test` runs it first).
test-build: setup
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --build-tests --traits $(TRAITS)

# Every Swift block of README.md and the DocC articles, extracted into SNIPPETS_DIR, compiled as
# executables of this package (Package.swift declares them when FASTMAP_SNIPPETS is set) in the
# debug build `make test` made, then run: each must print what the ```text block after it says
# (Tests/Snippets/snippets.sh has the conventions). `--build-tests` keeps `swift test`'s build
# plan: without it SwiftPM rebuilds the macro's host modules and more (132 s instead of the
# snippets alone), and the next `swift test` rebuilds them back (6 min).
SNIPPETS_DIR := .build/snippets
snippets: setup
	bash Tests/Snippets/snippets.sh extract $(SNIPPETS_DIR)
	@bin=$$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --traits $(TRAITS) --show-bin-path); \
	  find $$bin -maxdepth 1 -type f -name 'Snippet_*' -delete; \
	  FASTMAP_SNIPPETS=$(SNIPPETS_DIR) $(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --build-tests --traits $(TRAITS) && \
	  bash Tests/Snippets/snippets.sh run $(SNIPPETS_DIR) $$bin

# The example service is a package of its own (Examples/IngestService, FastMap by path): its
# end-to-end tests, on its own build.
test-example: setup
	$(SWIFT) test $(SWIFT_BUILD_FLAGS) --package-path Examples/IngestService --no-parallel

# The code a CPU without SSE2 or AVX2 (an arm64 server) runs: CFastMap's own SSE2 paths compiled
# out (FASTMAP_PORTABLE) and simdjson on its portable kernel. FASTMAP_PORTABLE=1 in the
# environment tells PortableRunTests to check that both took effect. `make sanitize` runs the
# whole suite this way under ThreadSanitizer (CI's portable run); `make test-portable` runs the
# engine, decoder and streaming suites this way without a sanitizer, in a debug build of its own.
PORTABLE_RUN := SIMDJSON_FORCE_IMPLEMENTATION=fallback FASTMAP_PORTABLE=1
PORTABLE_FLAGS := -Xcc -DFASTMAP_PORTABLE
PORTABLE_TESTS := PortableRun|Engine|EscapedStrings|JSONTestSuite|Tokenizer|Sparse|SkippedNumber|RealText|Stream|Decoder|StringWriter|WriterParity
test-portable: setup
	$(PORTABLE_RUN) $(SWIFT) test $(SWIFT_BUILD_FLAGS) $(PORTABLE_FLAGS) --scratch-path .build-portable \
	  --no-parallel --filter '$(PORTABLE_TESTS)'

# Streaming first (a generated 200 MB array and NDJSON file, each mode in a process of its own),
# then every in-process comparison, ending with the summary table, serde_json's MB/s beside
# FastMap's when `make bench-serde` has written them, and the first-decode table (each decode in
# a fresh process).
bench: setup
	$(SWIFT) build -c release --product StreamingBench
	$(SWIFT) build -c release --product FastMapBenchmarks
	$(SWIFT) run -c release --skip-build StreamingBench
	$(SWIFT) run -c release --skip-build FastMapBenchmarks

# Streaming a generated 200 MB record array (and the same records as NDJSON) against
# JSONDecoder: MB/s and peak memory, each mode in a process of its own.
bench-streaming: setup
	$(SWIFT) run -c release StreamingBench

# The Rust anchor (Benchmarks/serde, not part of CI): serde_json's derived decoders on the twitter
# and canada shapes of Benchmarks/FastMapBenchmarks/Models, built offline from Debian's packaged
# crates (Benchmarks/serde/.cargo/config.toml points crates-io at /usr/share/cargo/registry, where
# the librust-*-dev packages install) with Debian's cargo and rustc (a rustup toolchain earlier
# in PATH is not used), twice: as serde_json comes (numbers to the nearest double at best effort:
# about one canada.json coordinate in nine is a double off) and with its `float_roundtrip`
# feature (the nearest double, as FastMap and Foundation read them). Both run on SERDE_DATA's
# files, pinned to one core when taskset and a second core are there. The results go to
# SERDE_RESULTS, which `make bench` prints beside FastMap's MB/s (matched by corpus file name: a
# generated corpus has no serde row); for a like-for-like number, pin FastMap the same way and
# alternate the two: `taskset -c 1 .build/release/FastMapBenchmarks --corpus twitter --filter
# "decode models"`. Cargo.lock is not kept: the directory source holds one version of each crate,
# the installed Debian release's.
SERDE_APT_PACKAGES := cargo rustc librust-serde-dev librust-serde-derive-dev librust-serde-json-dev
SERDE_CARGO ?= /usr/bin/cargo
SERDE_RUSTC ?= /usr/bin/rustc
SERDE_DATA ?= ../shared/bench-data
SERDE_SAMPLES ?= 15
SERDE_RESULTS := .build/serde-results.txt
bench-serde:
	$(call apt_install,$(SERDE_APT_PACKAGES),bench-serde)
	cd Benchmarks/serde && RUSTC=$(SERDE_RUSTC) $(SERDE_CARGO) build --release --offline \
	  --target-dir $(CURDIR)/.build/serde-target
	cd Benchmarks/serde && RUSTC=$(SERDE_RUSTC) $(SERDE_CARGO) build --release --offline \
	  --features float_roundtrip --target-dir $(CURDIR)/.build/serde-target-roundtrip
	@set -e; files=""; for f in twitter.json canada.json; do \
	  if [ -f $(SERDE_DATA)/$$f ]; then files="$$files $(SERDE_DATA)/$$f"; fi; done; \
	if [ -z "$$files" ]; then echo "bench-serde: no twitter.json or canada.json in $(SERDE_DATA)"; exit 1; fi; \
	pin=""; if command -v taskset >/dev/null && [ $$(nproc) -gt 1 ]; then pin="taskset -c 1"; fi; \
	{ echo "# $$(date -u +%Y-%m-%dT%H:%M:%SZ), $$(uname -m), $$(nproc) cores, $${pin:-not pinned}," \
	    "$$($(SERDE_RUSTC) --version | cut -d' ' -f1-2)," \
	    "serde_json $$(dpkg-query -W -f='$${Version}' librust-serde-json-dev)," \
	    "serde_derive $$(dpkg-query -W -f='$${Version}' librust-serde-derive-dev)," \
	    "median of $(SERDE_SAMPLES) samples of about 50 ms"; \
	  for anchor in serde-target serde-target-roundtrip; do \
	    $$pin .build/$$anchor/release/serde-anchor --samples $(SERDE_SAMPLES) $$files; done; \
	} > $(SERDE_RESULTS).partial
	@mv $(SERDE_RESULTS).partial $(SERDE_RESULTS) && cat $(SERDE_RESULTS)

# The ingestion service (Examples/IngestService, a package of its own) under load, release
# build: wrk against the FastMap route and the same route on Foundation's JSONDecoder, one server
# process each, then one 1 GB NDJSON and one 1 GB JSON-array upload streamed through curl. Not
# part of CI.
# BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RECORDS (per request) and BENCH_UPLOAD_MB tune it.
bench-server: setup
	@for tool in wrk curl bc; do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; fi
	$(SWIFT) build -c release --package-path Examples/IngestService --product IngestService
	bash Examples/IngestService/bench-server.sh

# Opt-in, not part of `make test`: a generated 1 GB file streamed by every mode, every record
# checked, peak memory under 64 MB.
test-large: setup
	$(SWIFT) run -c release StreamingBench verify --size 1000

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Benchmarks Examples Package.swift

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Benchmarks Examples Package.swift

# DocC: one catalog per product (Sources/<Module>/<Module>.docc), rendered to static HTML in
# .build/docs/<Module> by the toolchain's docc, every warning an error (a broken symbol link, an
# undocumented parameter); a public symbol without a doc comment fails before that (DocC is
# silent on those). The symbol graphs are extracted from the debug build (`make test`'s), not
# from a second build with other compiler flags; C modules below a product are found through the
# module maps SwiftPM generated and those in the sources. FastMap's graph takes in the core it
# re-exports; a front end's graph holds only its own symbols (FastMap's are documented once, in
# FastMap's archive), so front ends name FastMap's types in code voice.
TOOLCHAIN_BIN := $(dir $(realpath $(shell command -v $(SWIFT))))
DOCC ?= $(TOOLCHAIN_BIN)docc
SYMBOLGRAPH_EXTRACT ?= $(TOOLCHAIN_BIN)swift-symbolgraph-extract
# The server modules need their traits; building with `make test`'s traits also reuses its build.
DOCS_MODULES := FastMap FastMapModels FastMapLadybug FastMapNIO FastMapHummingbird FastMapVapor
docs: setup
	for module in $(DOCS_MODULES); do $(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --traits $(TRAITS) --target $$module || exit 1; done
	@set -e; bin=$$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --traits $(TRAITS) --show-bin-path); triple=$$(basename $$(dirname $$bin)); \
	modulemaps=$$( { ls $$bin/*.build/module.modulemap | grep -v -- '-tool\.build/'; \
	  find Sources .build/checkouts \( -path 'Sources/*' -o -path '*/Sources/*' \) -name module.modulemap; } \
	  2>/dev/null | sed 's/^/-Xcc -fmodule-map-file=/'); \
	rm -rf .build/docs .build/symbol-graphs; mkdir -p .build/docs; \
	for module in $(DOCS_MODULES); do \
	  graphs=.build/symbol-graphs/$$module; mkdir -p $$graphs; \
	  reexports=""; [ $$module = FastMap ] && reexports=-experimental-allowed-reexported-modules=FastMapCore; \
	  $(SYMBOLGRAPH_EXTRACT) -module-name $$module -target $$triple -I $$bin/Modules $$modulemaps \
	    -module-cache-path $$bin/ModuleCache -minimum-access-level public -skip-synthesized-members \
	    $$reexports -output-dir $$graphs; \
	  undocumented=$$(sed 's/{"kind":{"identifier":/\n&/g' $$graphs/*.symbols.json | grep '^{"kind":{"identifier"' \
	    | grep -v '"docComment"' | grep -o '"pathComponents":\[[^]]*\]' || true); \
	  if [ -n "$$undocumented" ]; then \
	    echo "error: public symbols of $$module without documentation:"; echo "$$undocumented"; exit 1; fi; \
	  echo "docc convert Sources/$$module/$$module.docc"; \
	  $(DOCC) convert Sources/$$module/$$module.docc --additional-symbol-graph-dir $$graphs \
	    --output-path .build/docs/$$module --warnings-as-errors --transform-for-static-hosting; \
	done
	@echo "documentation in .build/docs/<Module> (static HTML: serve a directory, open /documentation/<module>)"

# The macro plugin the sanitizer builds load (FASTMAP_MACRO_PLUGIN, Package.swift): the one `make
# test`'s debug build makes, copied to a path named by its checksum, so that a changed plugin is a
# changed compiler flag and the sanitizer builds expand the macros again. Remade only when the
# macro's sources change, so that it never builds in .build while another build uses it.
MACRO_PLUGIN_PATH := .build/macro-plugin/path
MACRO_SOURCES := $(shell find Sources/FastMapMacros Sources/FastMapMacroExpansions Sources/FastMapKeyPathGrammar -name '*.swift')
$(MACRO_PLUGIN_PATH): $(MACRO_SOURCES) Package.swift | setup
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --traits $(TRAITS) --product FastMapMacros
	@bin=$$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --traits $(TRAITS) --show-bin-path); \
	  sum=$$(cksum < $$bin/FastMapMacros-tool | cut -d' ' -f1); dir=$(CURDIR)/$(dir $@)$$sum; \
	  mkdir -p $$dir && cp $$bin/FastMapMacros-tool $$dir/FastMapMacros && echo $$dir/FastMapMacros > $@
macro-plugin: $(MACRO_PLUGIN_PATH)
# Read when a recipe runs (after the plugin's): the manifest drops the macro's targets, and the
# compiler loads the plugin for the module the macros name.
MACRO_PLUGIN = $(shell cat $(MACRO_PLUGIN_PATH))
SANITIZE_ENV = FASTMAP_MACRO_PLUGIN=$(MACRO_PLUGIN)
PLUGIN_FLAGS = -Xswiftc -load-plugin-executable -Xswiftc $(MACRO_PLUGIN)\#FastMapMacros

# The suite under AddressSanitizer with LeakSanitizer: any leak outside the suppressed
# runtime/Foundation allocations (Tests/lsan.supp) fails the run.
ASAN_FLAGS = $(SWIFT_BUILD_FLAGS) --sanitize=address --scratch-path .build-asan
leaks: leaks-build
	@$(MAKE) --no-print-directory leaks-run
leaks-build: setup $(MACRO_PLUGIN_PATH)
	$(SANITIZE_ENV) $(SWIFT) build $(ASAN_FLAGS) $(PLUGIN_FLAGS) --build-tests
leaks-run:
	$(SANITIZE_ENV) ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=0 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp \
	  $(SWIFT) test $(ASAN_FLAGS) --skip-build --no-parallel

# ThreadSanitizer on the suites where threads meet: the decoder pools and spare decoders, the
# shared sparse-schema cache, the streams and the tasks that feed them, cancellation, values
# composed across threads, a jansson neighbour installing its hooks from another thread (a suite
# with no second thread gives it nothing to find; Tests/Sanitizers/check-races-filter.sh fails
# when a Swift suite that starts a task or a thread is missing here). It is also the portable run
# (PORTABLE_RUN above): those suites and PORTABLE_TESTS, built and run as a CPU without SSE2 or
# AVX2 would.
TSAN_TESTS := $(PORTABLE_TESTS)|Concurrency|Spare|Cancellation|Lifecycle|Composition|JanssonNeighbour|JSONValue|EncoderAPI|LadybugClass|JSONModelIsolation|ElementByElement
TSAN_FLAGS = $(SWIFT_BUILD_FLAGS) $(PORTABLE_FLAGS) --sanitize=thread --scratch-path .build-tsan
races: races-build
	@$(MAKE) --no-print-directory races-run
races-build: setup $(MACRO_PLUGIN_PATH)
	bash Tests/Sanitizers/check-races-filter.sh '$(TSAN_TESTS)'
	$(SANITIZE_ENV) $(SWIFT) build $(TSAN_FLAGS) $(PLUGIN_FLAGS) --build-tests
races-run:
	$(SANITIZE_ENV) $(PORTABLE_RUN) TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test $(TSAN_FLAGS) --skip-build --no-parallel \
	  --filter '$(TSAN_TESTS)'

# Both sanitizer builds, one after the other (each keeps both cores busy), then both runs at
# once: each runs its tests one at a time, so together they keep two cores busy. Make prints each
# run's output whole when it ends.
sanitize: leaks-build races-build
	@$(MAKE) --no-print-directory -j2 --output-sync=target leaks-run races-run

# ThreadSanitizer's run, then the fuzz smoke: CI runs this beside `make leaks-run`, the longer of
# the two sanitizer runs, once every build is done.
races-run-then-fuzz:
	@$(MAKE) --no-print-directory races-run
	@$(MAKE) --no-print-directory fuzz

# libFuzzer targets (Fuzz/), each run for FUZZ_SECONDS on a seed corpus generated by
# Fuzz/make-seeds.sh; the corpus grows in .build-fuzz/corpus, findings and logs land in fuzz-out/.
# Any crash or failed check stops the run with the fuzzer's report (see Fuzz/RESULTS.md).
# FuzzStream runs without libFuzzer's per-input leak check: its tasks finish (and free)
# after the input returns, which that check cannot tell from a leak; `make leaks` covers it.
FUZZ_SECONDS ?= 180
FUZZ_TARGETS ?= FuzzParse FuzzKeyPath FuzzDecode FuzzEncode FuzzStream FuzzCompose FuzzEngines FuzzLadybug
# lld, and libFuzzer's unused entry point left unresolved and lazily bound: the macro plugin
# (a host tool built with the same flags) has its own main and never calls the fuzzer; FastMap
# expands no macro itself, so the "symbol lookup error" the compiler prints probing it is harmless.
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld \
  -Xlinker --unresolved-symbols=ignore-in-object-files -Xlinker -z -Xlinker lazy
fuzz-build: setup
	cd Fuzz && $(SWIFT) build --scratch-path ../.build-fuzz $(FUZZ_FLAGS)
fuzz: fuzz-build
	rm -rf .build-fuzz/seeds && bash Fuzz/make-seeds.sh .build-fuzz/seeds
	mkdir -p fuzz-out
	@for target in $(FUZZ_TARGETS); do \
	  corpus=.build-fuzz/corpus/$$target; mkdir -p $$corpus; log=fuzz-out/$$target.log; \
	  seeds=.build-fuzz/seeds/$$(echo $$target | sed 's/^Fuzz//' | tr A-Z a-z); \
	  echo "== $$target for $(FUZZ_SECONDS)s"; \
	  extra=$$([ $$target = FuzzStream ] && echo -detect_leaks=0); \
	  SWIFT_BACKTRACE=enable=no .build-fuzz/debug/$$target -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -timeout=10 $$extra -artifact_prefix=fuzz-out/$$target- -print_final_stats=1 $$corpus $$seeds > $$log 2>&1; \
	  status=$$?; grep -E "^(stat::|Done)" $$log; \
	  if [ $$status -ne 0 ]; then tail -n 60 $$log; echo "$$target FAILED (log: $$log)"; exit 1; fi; \
	done

clean:
	rm -rf .build
