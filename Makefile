# The set-up commands of the README: `make run`, `make run-gui` and
# `make test`. Each installs missing system packages first (scripts/install-deps);
# `make bench` also installs ripgrep, the search figures' anchor.
# `make fuzz` runs every fuzz target (FUZZING.md); `make test` ends with a
# bounded run of each.

FUZZ_SECONDS ?= 600
FUZZ_CHECK_SECONDS ?= 20

.PHONY: deps run run-gui test bench bench-gui fuzz

deps:
	@scripts/install-deps

run: deps
	swift run tiledit Examples/site

# The GTK window on the example site.
run-gui: deps
	swift run tiledit-gtk Examples/site

test: deps
	swift build --build-tests
	timeout 45m swift test --skip-build
	# The seed corpora replayed through every target (deterministic: no
	# mutations; exploring is `make fuzz`, FUZZING.md).
	FUZZ_FLAGS=-runs=0 timeout 20m scripts/run-fuzzers -t $(FUZZ_CHECK_SECONDS)

bench:
	@scripts/install-deps --bench
	swift build -c release --product tiledit
	swift run -c release tiledit-bench

# The window's benchmarks under Xvfb in a D-Bus session of its own: a key
# press in the blocks list until its frame is painted (10 KB and 10 MB
# documents; GTK's renderer, then Cairo's), and the main loop (latency of a
# main-actor change to the screen, idle CPU). BENCHMARKS.md has the figures.
bench-gui: deps
	swift build -c release --product TileditGtkBench
	dbus-run-session -- xvfb-run -a .build/release/TileditGtkBench

fuzz: deps
	scripts/run-fuzzers -t $(FUZZ_SECONDS)
