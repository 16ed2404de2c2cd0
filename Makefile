# Meshpad — the two commands a new machine needs are `make run` and `make test`.
# Both install what is missing first (Debian/Ubuntu: apt-get as root, sudo apt-get otherwise).

SWIFT ?= swift
ARGS ?=
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev fonts-dejavu-core pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/meshpad

.PHONY: deps build run test bench screenshots clean

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "deps: all installed"; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "deps: no Swift toolchain on PATH (need Swift 6)"; exit 1; }

build: deps
	$(SWIFT) build -c release

run: build
	$(RELEASE_BIN) $(ARGS)

# why: SDL_VIDEODRIVER=offscreen makes every test headless; the platform tests also force it.
test: deps
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=offscreen $(SWIFT) test --skip-build

# Frame times, load times, memory and hit tests at 1k, 10k and 100k nodes, headless, software
# renderer at 1280x800 (a few minutes). BENCH_ARGS="--nodes 100000 --frames 240" to choose.
BENCH_ARGS ?=
bench: build
	$(RELEASE_BIN) bench $(BENCH_ARGS)

# Regenerates the README's pictures with `meshpad render`, so they always show the current look.
screenshots: build
	$(RELEASE_BIN) render --sample docs/images/sample.png --size 1280x800
	$(RELEASE_BIN) render --procedural 60 --seed 1 docs/images/procedural-60.png --size 1280x800

clean:
	$(SWIFT) package clean
