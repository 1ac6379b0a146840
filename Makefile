# The two set-up commands of the README: `make run` and `make test`.
# Both install missing system packages first (scripts/install-deps).
# `make fuzz` runs every fuzz target (FUZZING.md); `make test` ends with a
# bounded run of each.

FUZZ_SECONDS ?= 600
FUZZ_CHECK_SECONDS ?= 20

.PHONY: deps run test bench fuzz

deps:
	@scripts/install-deps

run: deps
	swift run tiledit Examples/site

test: deps
	swift build --build-tests
	timeout 45m swift test --skip-build
	timeout 20m scripts/run-fuzzers -t $(FUZZ_CHECK_SECONDS)

bench: deps
	swift build -c release --product tiledit
	swift run -c release tiledit-bench

fuzz: deps
	scripts/run-fuzzers -t $(FUZZ_SECONDS)
