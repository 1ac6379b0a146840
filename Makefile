# The set-up commands of the README: `make run`, `make run-gui` and
# `make test`. Each installs missing system packages first (scripts/install-deps);
# `make bench` also installs ripgrep, the search figures' anchor.

.PHONY: deps run run-gui test bench bench-gui

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

bench:
	@scripts/install-deps --bench
	swift build -c release --product tiledit
	swift run -c release tiledit-bench

# The window's main loop (latency of a main-actor change to the screen, idle
# CPU), under Xvfb in a D-Bus session of its own.
bench-gui: deps
	swift build -c release --product TileditGtkBench
	dbus-run-session -- xvfb-run -a .build/release/TileditGtkBench
