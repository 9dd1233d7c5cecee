# FastMap — the two commands are `make test` and `make bench`.
SWIFT ?= swift
APT_PACKAGES := libjansson-dev libyajl-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build test test-large bench format lint docs leaks sanitize clean

setup:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	else echo "setup: $(APT_PACKAGES) already installed"; fi

build: setup
	$(SWIFT) build

# Tests run one at a time: the memory tests read the process's resident size.
test: setup
	$(SWIFT) test --no-parallel

bench: setup
	$(SWIFT) run -c release FastMapBenchmarks

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Sources Tests Benchmarks Package.swift

lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests Benchmarks Package.swift

docs: setup
	$(SWIFT) build --target FastMap -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
	@echo "symbol graphs in .build/symbol-graphs (render with docc convert)"

# The suite under AddressSanitizer with LeakSanitizer: any leak outside the suppressed
# runtime/Foundation allocations (Tests/lsan.supp) fails the run.
leaks: setup
	ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=0 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp \
	  $(SWIFT) test --no-parallel --sanitize=address --scratch-path .build-asan

# The suite under AddressSanitizer, then under ThreadSanitizer.
sanitize: leaks
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan

clean:
	rm -rf .build
