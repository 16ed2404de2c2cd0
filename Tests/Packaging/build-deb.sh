#!/bin/sh
# Builds the Debian package OUT.deb from the release binary BIN (see `make deb`): stages what
# `make install PREFIX=/usr` lays out, adds AppStream metadata, a man page, the licence and a
# changelog, works out Depends with dpkg-shlibdeps and packs it with dpkg-deb.
# usage: VERSION=V ARCH=A build-deb.sh BIN OUT.deb
set -eu
bin=$1 out=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
packaging=$here/Assets/packaging
stage=$(mktemp -d /tmp/meshpad-deb-XXXXXX)
trap 'rm -rf "$stage"' EXIT INT TERM
root=$stage/root
# why: the date of the last commit, so the same source gives the same package (reproducible).
epoch=$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)
day=$(date -u -d "@$epoch" +%Y-%m-%d)

make -C "$here" --no-print-directory install NO_BUILD=1 PREFIX=/usr DESTDIR="$root" RELEASE_BIN="$(readlink -f "$bin")" >/dev/null
# why: SwiftPM links with RUNPATH $ORIGIN, a search path Debian forbids; the binary needs no
# library beside it (the Swift runtime is linked in). Stripped as Debian policy asks: a crash's
# backtrace then gives addresses, which `.build/release/meshpad` (same build) turns into names.
chrpath -d "$root/usr/bin/meshpad" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/meshpad"
if readelf -d "$root/usr/bin/meshpad" | grep -Eq 'NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)'; then
  echo "build-deb: $bin links the Swift runtime dynamically: build it with --static-swift-stdlib" >&2; exit 1
fi

install -d "$root/usr/share/metainfo" "$root/usr/share/doc/meshpad" "$root/usr/share/man/man1"
sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$day/" "$packaging/io.github.meshpad.Meshpad.metainfo.xml.in" \
  > "$root/usr/share/metainfo/io.github.meshpad.Meshpad.metainfo.xml"
install -m644 "$packaging/copyright" "$root/usr/share/doc/meshpad/copyright"
printf 'meshpad (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- Meshpad developers <meshpad@users.noreply.github.com>  %s\n' \
  "$VERSION" "$VERSION" "$(date -u -R -d "@$epoch")" | gzip -9n > "$root/usr/share/doc/meshpad/changelog.gz"
# why: from --help and --version, so the man page never falls behind the options.
SOURCE_DATE_EPOCH=$epoch help2man -N -n "touch-first mind map and graph canvas" --section 1 "$root/usr/bin/meshpad" \
  | gzip -9n > "$root/usr/share/man/man1/meshpad.1.gz"
chmod -R u=rwX,go=rX "$root"

# dpkg-shlibdeps reads the package's name from a debian/control beside the tree.
mkdir -p "$stage/debian"
printf 'Source: meshpad\n\nPackage: meshpad\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e root/usr/bin/meshpad 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  "$packaging/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "deb: $out ($(du -h "$out" | cut -f1)), Depends: $depends"
