#!/bin/sh
# Checks the Debian package PKG.deb as a person installing it would meet it (see `make deb-check`):
# lintian reports no errors, its AppStream metadata and desktop entry validate; `dpkg -i` installs
# it on this machine; with the Swift toolchain out of sight (PATH and the library path) the
# installed app starts, renders the sample and opens it headless; `dpkg -r` leaves nothing behind.
# usage: check-deb.sh PKG.deb
set -eu
deb=$(readlink -f "$1")
fail() { echo "deb-check: $*" >&2; exit 1; }
as_root=""
if [ "$(id -u)" != 0 ]; then
  sudo -n true 2>/dev/null || { echo "deb-check: dpkg -i needs root (or sudo without a password); the package was built and linted only"; exit 0; }
  as_root="sudo -n"
fi
work=$(mktemp -d /tmp/meshpad-deb-check-XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM

# why: lintian warns about running as root, on every run; its findings are what matter.
lintian --fail-on error "$deb" 2>&1 | grep -v 'root privileges' || true
lintian --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports errors in $deb"
dpkg-deb -x "$deb" "$work/contents"
appstreamcli validate --no-net "$work"/contents/usr/share/metainfo/*.metainfo.xml >/dev/null \
  || fail "appstreamcli validate failed: $(appstreamcli validate --no-net "$work"/contents/usr/share/metainfo/*.metainfo.xml)"
desktop-file-validate "$work/contents/usr/share/applications/meshpad.desktop" || fail "the desktop entry does not validate"

if dpkg-query -W -f='${Status}' meshpad 2>/dev/null | grep -q "install ok installed"; then
  fail "a meshpad package is already installed here; this check installs and removes its own (dpkg -r meshpad first)"
fi
$as_root dpkg -i "$deb" >/dev/null || fail "dpkg -i $deb failed"
installed=$(dpkg-query -L meshpad)
removed=0
remove() { [ "$removed" = 1 ] || { removed=1; $as_root dpkg -r meshpad >/dev/null; }; }
trap 'remove; rm -rf "$work"' EXIT INT TERM

# The toolchain out of sight: a bare PATH, no library path, a fresh HOME.
bare() { env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 SDL_VIDEODRIVER=offscreen "$@"; }
mkdir -p "$work/home"
readelf -d /usr/bin/meshpad | grep -Eq 'NEEDED.*(libswift|libFoundation|libdispatch)' && fail "the installed binary needs the Swift runtime"
bare /usr/bin/meshpad --version | grep -q "^meshpad " || fail "the installed binary does not run: $(bare /usr/bin/meshpad --version 2>&1)"
bare /usr/bin/meshpad render --sample "$work/sample.png" || fail "the installed app could not render the sample"
[ "$(head -c 8 "$work/sample.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "render wrote no PNG"
[ "$(stat -c %s "$work/sample.png")" -gt 20000 ] || fail "the rendered sample is nearly empty ($(stat -c %s "$work/sample.png") bytes)"
# The window's own loop on the sample, headless, a few steps: what `meshpad` opens on a desktop.
printf '{"t":0,"type":"finger_down","id":1,"x":0.5,"y":0.5}\n{"t":60,"type":"finger_up","id":1,"x":0.5,"y":0.5}\n' > "$work/tap.jsonl"
bare /usr/bin/meshpad replay "$work/tap.jsonl" --sample --dump "$work/state.json" >/dev/null \
  || fail "the installed app could not open the sample: $(bare /usr/bin/meshpad replay "$work/tap.jsonl" --sample --dump "$work/state.json" 2>&1 | tail -3)"
grep -q '"controls"' "$work/state.json" || fail "the opened sample has no controls"
for file in /usr/share/man/man1/meshpad.1.gz /usr/share/doc/meshpad/copyright /usr/share/metainfo/io.github.meshpad.Meshpad.metainfo.xml \
            /usr/share/applications/meshpad.desktop /usr/share/mime/packages/meshpad.xml /usr/share/icons/hicolor/scalable/apps/meshpad.svg \
            /usr/share/meshpad/icons/plus.svg /usr/share/meshpad/icons/menu.svg; do
  [ -s "$file" ] || fail "$file was not installed"
done
# why: dpkg's triggers ran update-mime-database, so the desktop knows the file type.
grep -qs x-meshpad /usr/share/mime/globs2 || fail "the MIME database does not know application/x-meshpad after installing"

remove
left=""
for path in $installed; do
  [ -f "$path" ] || [ -L "$path" ] && left="$left $path"
done
[ -z "$left" ] || fail "dpkg -r left$left"
dpkg-query -W -f='${Status}' meshpad 2>/dev/null | grep -q "ok installed" && fail "dpkg still lists meshpad as installed"
! grep -qs x-meshpad /usr/share/mime/globs2 || fail "dpkg -r left application/x-meshpad in the MIME database"
echo "deb-check: $(basename "$deb") ($(du -h "$deb" | cut -f1)) linted, validated, installed, ran without the toolchain, removed cleanly"
