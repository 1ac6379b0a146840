# The two set-up commands of the README: `make run` and `make test`.
# Both install missing system packages first (scripts/install-deps);
# `make bench` also installs ripgrep, the search figures' anchor.

.PHONY: deps run test bench

deps:
	@scripts/install-deps

run: deps
	swift run tiledit Examples/site

test: deps
	swift build --build-tests
	timeout 45m swift test --skip-build

bench:
	@scripts/install-deps --bench
	swift build -c release --product tiledit
	swift run -c release tiledit-bench
