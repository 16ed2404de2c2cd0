# Meshpad — the two commands a new machine needs are `make run` and `make test`.
# Both install what is missing first (Debian/Ubuntu: apt-get as root, sudo apt-get otherwise).

SWIFT ?= swift
ARGS ?=
# why: DejaVu covers Latin, Greek, Cyrillic, Arabic and Hebrew; Noto CJK and Noto Color Emoji
# cover what it lacks (label text falls back to them through fontconfig).
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji libpq-dev libzip-dev libcairo2-dev pkg-config
# why: dpkg-shlibdeps works out Depends, chrpath drops SwiftPM's $$ORIGIN run path, help2man writes
# the man page from --help; lintian, appstreamcli and desktop-file-validate check the package.
DEB_PACKAGES := dpkg-dev chrpath help2man lintian appstream desktop-file-utils
# why: the window-title test runs the real app under Xvfb and reads its title with xprop, the
# Wayland tests under a headless sway (grim, wtype), and the shared-map tests start a throwaway
# PostgreSQL server; CI has none of them, and a test that is always skipped there proves nothing.
# (libpq-dev, above, is needed to build at all.)
TEST_PACKAGES := xvfb x11-utils xdotool imagemagick postgresql sway grim wtype dbus ibus ibus-libpinyin fcitx5 fcitx5-chinese-addons cups cups-client printer-driver-cups-pdf poppler-utils unzip python3 $(DEB_PACKAGES)
PACKAGES = $(APT_PACKAGES)
test: PACKAGES = $(APT_PACKAGES) $(TEST_PACKAGES)
deb deb-check: PACKAGES = $(APT_PACKAGES) $(DEB_PACKAGES)
# why: the bench's collaboration lines need a PostgreSQL server, and its real-app lines Xvfb.
bench: PACKAGES = $(APT_PACKAGES) $(TEST_PACKAGES)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/meshpad
# why: the Swift runtime and Foundation linked into the binary, so it runs (and packages) without
# a toolchain; the same flags everywhere, so `build` and `deb` share one release build.
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: deps build run test bench fuzz sanitize soak soak-shared screenshots icons install uninstall install-check deb deb-check clean

deps:
	@missing=""; \
	for p in $(PACKAGES); do \
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

# why: the product alone; the test rigs (a library target) are built for testing only.
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product meshpad

run: build
	$(RELEASE_BIN) $(ARGS)

# why: SDL_VIDEODRIVER=offscreen makes every test headless; the platform tests also force it.
# A short soak of the real app on random input closes it (`make soak` runs a long one).
test: deps
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=offscreen $(SWIFT) test --skip-build
	SDL_VIDEODRIVER=offscreen SWIFT_DETERMINISTIC_HASHING=1 .build/debug/meshpad soak --events $(CI_SOAK_EVENTS) --seed 1
	$(MAKE) --no-print-directory deb-check

# why: the soak judges memory growth from 50,000 events on; 60,000 take ~45 s in the debug build.
CI_SOAK_EVENTS ?= 60000

# The real app, headless, on SOAK_EVENTS random touches, clicks, keys and text, its invariants and
# undo checked every 1000 events, RSS printed (1,000,000 events take about 10 minutes).
SOAK_EVENTS ?= 1000000
SOAK_SEED ?= 1
soak: build
	SDL_VIDEODRIVER=offscreen SWIFT_DETERMINISTIC_HASHING=1 $(RELEASE_BIN) soak --events $(SOAK_EVENTS) --seed $(SOAK_SEED)

# Shared maps through faults for half an hour: five screens and two real replays editing at
# random on a throwaway PostgreSQL while the server restarts, connections are cut, screens are
# killed and acknowledgements lost; then every screen is compared with the log (`make test`
# runs the same for 20 s). SHARED_SOAK_SEED=N replays a run's decisions.
SHARED_SOAK_SECONDS ?= 1800
SHARED_SOAK_SEED ?= 1
soak-shared: deps
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=offscreen MESHPAD_SHARED_SOAK_SECONDS=$(SHARED_SOAK_SECONDS) MESHPAD_SHARED_SOAK_SEED=$(SHARED_SOAK_SEED) \
	  $(SWIFT) test --skip-build --filter screensEditingAtRandomThroughFaultsConverge

# Every test under AddressSanitizer and LeakSanitizer, in its own build folder (.build/asan) so
# the normal build is untouched. The suppressions are for Foundation's own leaks only.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	SDL_VIDEODRIVER=offscreen ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Fuzz/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --build-path .build/asan

# A Debian package of the release build: the binary (no toolchain needed), the desktop entry,
# icons and MIME type as `make install` lays them out, AppStream metadata, a man page and the
# licence; Depends worked out from the binary by dpkg-shlibdeps, plus the fonts.
VERSION := $(shell sed -n 's/.*appVersion = "\(.*\)"/\1/p' Sources/MeshpadCore/CommandLine/Invocation.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || uname -m)
DEB := meshpad_$(VERSION)_$(DEB_ARCH).deb
deb: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product meshpad
	VERSION=$(VERSION) ARCH=$(DEB_ARCH) Tests/Packaging/build-deb.sh $(RELEASE_BIN) $(DEB)

# Builds the package, checks it (lintian, appstreamcli, desktop-file-validate), installs it with
# dpkg on this machine, opens the sample with the toolchain out of sight, and removes it again.
deb-check: deb
	Tests/Packaging/check-deb.sh $(DEB)

# Frame times, load times, memory and hit tests at 1k, 10k, 100k and 1M nodes, headless, software
# renderer at 1280x800 (a few minutes), then shared maps' latency and opening time. BENCH_ARGS="--nodes 100000 --frames 240" to choose.
BENCH_ARGS ?=
# The collaboration lines run on a throwaway PostgreSQL (installed by `make test`'s packages).
# With xvfb-run installed it then measures what a person gets in a window: the accelerated
# renderer (Mesa's llvmpipe on a machine without a GPU) and the real app's start-up and memory.
BENCH_SHARED_NODES ?= 100000
bench: build
	$(RELEASE_BIN) bench $(BENCH_ARGS)
	Tests/Postgres/with-throwaway-cluster.sh $(RELEASE_BIN) bench --nodes $(BENCH_SHARED_NODES) --db
	@if command -v xvfb-run >/dev/null; then \
	  xvfb-run -a -s "-screen 0 1280x800x24" $(RELEASE_BIN) bench --nodes 10000 --nodes 100000 --frames 60 --renderer accelerated --app; \
	else \
	  echo "bench: xvfb-run is not installed (apt-get install xvfb), so the accelerated renderer and the real app in a window are not measured"; \
	fi

# Fuzzes every parser (native, .mm, OPML, Markdown, replay scripts) with libFuzzer and
# AddressSanitizer, FUZZ_SECONDS each; seeds in Tests/Fuzz/corpus, crashes kept in .build/fuzz.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tests/Fuzz/run.sh

# Regenerates the pictures of the README and the guide with `meshpad render`, so they always show the current look.
REAL_MAP := ../shared/maps/real/mm/wisemapping-import-writing_an_essay.mm
screenshots: build
	$(RELEASE_BIN) render --sample docs/images/sample.png --size 1280x800
	@# A real map from ../shared (beside docs/images/before/essay.png, the look before issue 29).
	@if [ -f $(REAL_MAP) ]; then \
	  echo "$(RELEASE_BIN) render $(REAL_MAP) docs/images/essay.png --size 1280x800"; \
	  $(RELEASE_BIN) render $(REAL_MAP) docs/images/essay.png --size 1280x800; \
	else echo "screenshots: no $(REAL_MAP) (../shared is not beside this clone), docs/images/essay.png left as it is"; fi
	$(RELEASE_BIN) render --procedural 60 --seed 1 docs/images/procedural-60.png --size 1280x800
	$(RELEASE_BIN) render --procedural 5000 --seed 3 docs/images/large.png --size 1280x800
	$(RELEASE_BIN) render Assets/examples/japanese.md docs/images/japanese.png --size 1280x800
	$(RELEASE_BIN) render Assets/examples/scripts.md docs/images/dark.png --size 1280x800 --theme dark
	$(RELEASE_BIN) render --sample docs/images/classic.png --size 1280x800 --theme classic
	$(RELEASE_BIN) render Assets/examples/japanese.md docs/images/high-contrast.png --size 1280x800 --theme high-contrast
	$(RELEASE_BIN) replay Assets/examples/app-tour.jsonl --map Assets/examples/japanese.md --size 1280x800 --screenshot docs/images/app.png
	$(RELEASE_BIN) replay Assets/examples/context-menu-tour.jsonl --sample --size 1280x800 --screenshot docs/images/context-menu.png
	$(RELEASE_BIN) replay Assets/examples/app-menu-tour.jsonl --sample --size 1280x800 --screenshot docs/images/app-menu.png
	$(RELEASE_BIN) replay Assets/examples/keyboard-tour.jsonl --sample --size 1280x800 --screenshot docs/images/keyboard.png
	$(RELEASE_BIN) replay Assets/examples/file-browser-tour.jsonl --map Assets/examples/japanese.md --size 1280x800 --screenshot docs/images/file-browser.png
	MESHPAD_TODAY=2026-12-05 $(RELEASE_BIN) replay Assets/examples/plan-tour.jsonl --map Assets/examples/school-play.mm --size 1280x800 --screenshot docs/images/plan.png
	MESHPAD_TODAY=2026-12-05 $(RELEASE_BIN) replay Assets/examples/filter-tour.jsonl --map Assets/examples/school-play.mm --size 1280x800 --screenshot docs/images/filter.png

# Desktop integration. `make install PREFIX=~/.local` (no root) or, system-wide, `make build` then
# `sudo make install NO_BUILD=1` (root's PATH often has no Swift, and a root build leaves .build/
# owned by root). Packagers stage with DESTDIR=... and run the cache updates in their postinst.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
ICON_SIZES := 16 32 48 64 128 256
# Everything installed under $(DATADIR): install, uninstall and install-check share this list.
# The interface's icons (SVG, drawn by SDL2_image at the display's scale): the app finds them in
# share/meshpad/icons beside its bin folder.
UI_ICONS := $(notdir $(wildcard Assets/icons/ui/*.svg))
DATA_FILES := applications/meshpad.desktop mime/packages/meshpad.xml \
  icons/hicolor/scalable/apps/meshpad.svg \
  $(foreach s,$(ICON_SIZES),icons/hicolor/$(s)x$(s)/apps/meshpad.png) \
  $(addprefix meshpad/icons/,$(UI_ICONS))

# why: only for a live prefix; a staged DESTDIR tree is not where the desktop will look.
define refresh_caches
	@if [ -n "$(DESTDIR)" ]; then exit 0; fi; \
	refresh() { \
	  if ! command -v $$1 >/dev/null; then echo "$@: no $$1, skipped"; \
	  elif ! "$$@"; then echo "$@: '$$*' failed, ignored"; fi; \
	}; \
	refresh update-mime-database "$(DATADIR)/mime"; \
	refresh update-desktop-database -q "$(DATADIR)/applications"; \
	if [ -f "$(DATADIR)/icons/hicolor/index.theme" ]; then \
	  refresh gtk-update-icon-cache -q "$(DATADIR)/icons/hicolor"; \
	fi
endef

# why: Exec and TryExec become absolute, so the menu entry works for a PREFIX that is not on PATH.
install: $(if $(NO_BUILD),,build)
	@test -x $(RELEASE_BIN) || { echo "install: no $(RELEASE_BIN) yet: run make build first"; exit 1; }
	install -Dm755 $(RELEASE_BIN) "$(DESTDIR)$(BINDIR)/meshpad"
	sed -e 's|^Exec=meshpad |Exec=$(BINDIR)/meshpad |' -e 's|^TryExec=meshpad$$|TryExec=$(BINDIR)/meshpad|' \
	  Assets/meshpad.desktop | install -Dm644 /dev/stdin "$(DESTDIR)$(DATADIR)/applications/meshpad.desktop"
	install -Dm644 Assets/meshpad-mime.xml "$(DESTDIR)$(DATADIR)/mime/packages/meshpad.xml"
	install -Dm644 Assets/icons/meshpad.svg "$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/meshpad.svg"
	for s in $(ICON_SIZES); do \
	  install -Dm644 Assets/icons/hicolor/$${s}x$${s}/apps/meshpad.png \
	    "$(DESTDIR)$(DATADIR)/icons/hicolor/$${s}x$${s}/apps/meshpad.png" || exit 1; \
	done
	install -d "$(DESTDIR)$(DATADIR)/meshpad/icons"
	install -m644 $(addprefix Assets/icons/ui/,$(UI_ICONS)) "$(DESTDIR)$(DATADIR)/meshpad/icons/"
	$(refresh_caches)

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/meshpad" $(foreach f,$(DATA_FILES),"$(DESTDIR)$(DATADIR)/$(f)")
	rmdir "$(DESTDIR)$(DATADIR)/meshpad/icons" "$(DESTDIR)$(DATADIR)/meshpad" 2>/dev/null || true
	$(refresh_caches)

# Installs into a temporary prefix, checks every file, the desktop entry and the MIME database, then
# a DESTDIR staging (no caches touched) and uninstall. Not part of `make test`, which stays fast.
install-check: $(if $(NO_BUILD),,build)
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	fail() { echo "install-check: $$*"; exit 1; }; \
	quietly() { "$$@" >"$$tmp/log" 2>&1 || { cat "$$tmp/log"; fail "'$$*' failed"; }; }; \
	prefix=$$tmp/prefix; \
	quietly $(MAKE) --no-print-directory install NO_BUILD=1 PREFIX="$$prefix"; \
	for f in bin/meshpad $(addprefix share/,$(DATA_FILES)); do \
	  test -s "$$prefix/$$f" || fail "$$f was not installed"; \
	done; \
	"$$prefix/bin/meshpad" --version >/dev/null || fail "the installed binary does not run"; \
	grep -qx "Exec=$$prefix/bin/meshpad %f" "$$prefix/share/applications/meshpad.desktop" || \
	  fail "the desktop entry's Exec does not name the installed binary"; \
	if command -v desktop-file-validate >/dev/null; then \
	  desktop-file-validate "$$prefix/share/applications/meshpad.desktop" || fail "the desktop entry is not valid"; \
	else echo "install-check: no desktop-file-validate (apt-get install desktop-file-utils), skipped"; fi; \
	if command -v update-mime-database >/dev/null; then \
	  grep -qx '50:application/x-meshpad:\*\.meshpad' "$$prefix/share/mime/globs2" || fail "*.meshpad is not in the MIME database"; \
	fi; \
	quietly $(MAKE) --no-print-directory install NO_BUILD=1 PREFIX=/usr DESTDIR="$$tmp/stage"; \
	test -x "$$tmp/stage/usr/bin/meshpad" || fail "DESTDIR=... PREFIX=/usr did not stage usr/bin/meshpad"; \
	test ! -e "$$tmp/stage/usr/share/mime/mime.cache" || fail "a DESTDIR install ran update-mime-database"; \
	quietly $(MAKE) --no-print-directory uninstall PREFIX="$$prefix"; \
	left=$$(find "$$prefix" -name 'meshpad*'); \
	test -z "$$left" || fail "uninstall left $$left"; \
	! grep -qs x-meshpad "$$prefix/share/mime/globs2" || fail "uninstall left application/x-meshpad in the MIME database"; \
	echo "install-check: installed, validated, staged and uninstalled cleanly"

# Regenerates the committed PNG icons from the SVGs (16 px from meshpad-small.svg, drawn for the
# pixel grid). Needs rsvg-convert: apt-get install librsvg2-bin.
icons:
	@command -v rsvg-convert >/dev/null || { echo "icons: needs rsvg-convert (apt-get install librsvg2-bin)"; exit 1; }
	for s in $(ICON_SIZES); do \
	  src=Assets/icons/meshpad.svg; [ $$s -gt 16 ] || src=Assets/icons/meshpad-small.svg; \
	  mkdir -p Assets/icons/hicolor/$${s}x$${s}/apps && \
	  rsvg-convert -w $$s -h $$s $$src -o Assets/icons/hicolor/$${s}x$${s}/apps/meshpad.png || exit 1; \
	done

clean:
	$(SWIFT) package clean
