# instantsearch — the two commands a user needs: `make run` and `make test`.
SWIFT      ?= swift
RELEASE    := .build/release/instantsearch
DEBUG      := .build/debug/instantsearch
DEMO       := Resources/demo/products.json Resources/demo/categories.json
ARGS       ?=

.PHONY: all build run test bench clean

all: build

build:
	@./scripts/ensure-deps.sh
	$(SWIFT) build -c release --product instantsearch

## Opens the TUI on the bundled demo indices (products, categories). ARGS="..." adds options.
run: build
	@$(RELEASE) $(ARGS) $(DEMO)

## Builds, then runs every test: unit, widget and end-to-end (tmux).
test:
	@./scripts/ensure-deps.sh --test
	$(SWIFT) build
	INSTANTSEARCH_BIN=$(abspath $(DEBUG)) $(SWIFT) test

clean:
	rm -rf .build
