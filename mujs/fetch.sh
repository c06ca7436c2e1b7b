#!/bin/sh
# mujs/fetch.sh — fetches the pinned mujs source package (mujs 1.3.2-1) from
# the Debian archive this machine installs from, into mujs/dl/ (or DIR), and
# checks it against mujs/SHA256SUMS.
#
#   mujs/fetch.sh [DIR]
#
# apt-get source needs a deb-src entry: when none is configured, one for the
# archive and suite of the machine's own "deb" entry is added
# (/etc/apt/sources.list.d/kit-deb-src.sources) and the lists are updated.
# Needs root, or sudo, for that step only. Already fetched and intact: nothing
# to do.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/dl}
version=1.3.2-1
mkdir -p "$dir"
cd "$dir"

verify() {
	sha256sum --quiet -c "$here/SHA256SUMS" >/dev/null 2>&1
}
if verify; then
	exit 0
fi

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
		echo "mujs/fetch.sh: adding a deb-src entry needs root: run as root or install sudo" >&2
		exit 1
	fi
}

if ! command -v apt-get >/dev/null; then
	echo "mujs/fetch.sh: no apt-get here. Put mujs_1.3.2.orig.tar.xz (and the .dsc and .debian.tar.xz)" >&2
	echo "  of Debian's mujs $version into $dir, e.g. from https://snapshot.debian.org/package/mujs/$version/" >&2
	exit 1
fi

has_deb_src() {
	grep -rqsE '^(Types:.*deb-src|deb-src[[:space:]])' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
if ! has_deb_src; then
	# the archive and suite the machine installs from
	uri=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1 | awk '{ print $2 }')
	[ -n "$uri" ] || uri=$(awk '$1 == "deb" && $2 ~ /debian\/?$/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
	[ -n "$uri" ] || uri=http://deb.debian.org/debian
	suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
	echo "mujs/fetch.sh: adding deb-src $uri $suite main (/etc/apt/sources.list.d/kit-deb-src.sources)" >&2
	printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		"$uri" "$suite" | as_root tee /etc/apt/sources.list.d/kit-deb-src.sources >/dev/null
	as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
fi
# --download-only: no dpkg-source needed; the files stay as the archive has them
apt-get source -q --download-only "mujs=$version" >&2 ||
	as_root apt-get source -q --download-only "mujs=$version" >&2
if ! verify; then
	echo "mujs/fetch.sh: the files in $dir do not match mujs/SHA256SUMS:" >&2
	sha256sum -c "$here/SHA256SUMS" >&2 || true
	exit 1
fi
echo "mujs/fetch.sh: mujs $version in $dir" >&2
