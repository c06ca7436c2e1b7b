#!/bin/sh
# deploy.sh — what `kit-build --deploy OUT` runs after the build (build/main.c):
# writes OUT, the files to upload to a shared host (docs/deploy.md "Shared
# hosting"):
#
#   OUT/public_html/   the document root: public/ files, _kit/static/, the
#                      stored pages Apache answers (_kit/pages/<version>/),
#                      .htaccess, the entry programs kit.cgi and kit.fcgi
#   OUT/app/           beside it, outside the document root:
#                      releases/<version>/ (the app: .kit/, .kit-store/, its
#                      other files; kit-bin/kit-fcgi, kit-bin/kit.cgi), current,
#                      kit-rollback
#   OUT/README.txt     which directory goes where, redeploy, rollback
#
# usage: deploy.sh APP_DIR OUT BINARIES_DIR DATADIR
set -eu
app=$1 out=$2 bins=$3 datadir=$4
tpl=$datadir/contrib/deploy
die() {
	echo "kit-build: --deploy: $*" >&2
	exit 1
}

# the version served: the store's active one (a rollback may have made an
# older one active), else the build's
version=
[ -f "$app/.kit-store/www/current/version" ] && version=$(head -n 1 "$app/.kit-store/www/current/version")
[ -n "$version" ] || version=$(head -n 1 "$app/.kit/version" 2>/dev/null) ||
	die "$app/.kit/version is missing: build the app first (kit-build)"
case $version in
'' | .* | */*) die "$app/.kit/version holds no version" ;;
esac
for b in kit-fcgi kit.cgi; do
	[ -x "$bins/$b" ] || die "$bins/$b is missing (--deploy-binaries DIR names where kit-fcgi and kit.cgi are)"
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
case $out/ in
"$app"/.kit/* | "$app"/.kit-store/* | "$app"/public/* | "$app"/src/*) die "$out is inside the app's build, store or sources" ;;
esac
if [ -n "$(ls -A "$out")" ]; then
	[ -f "$out/.kit-deploy" ] || die "$out is not empty and was not written by kit-build --deploy"
	rm -rf "$out/public_html" "$out/app" "$out/README.txt" "$out/.kit-deploy"
fi
: >"$out/.kit-deploy"
pub=$out/public_html
rel=$out/app/releases/$version
mkdir -p "$pub/_kit/pages" "$rel"

# --- the document root
[ -d "$app/public" ] && cp -R "$app/public/." "$pub/"
# every kept version's browser files (a rolled-back page finds its own)
[ -d "$app/.kit/static" ] && cp -R "$app/.kit/static" "$pub/_kit/static"
# the stored pages Apache answers, per kept version (the app points the
# link _kit/live at the one it serves)
for d in "$app"/.kit-store/www/*/; do
	v=$(basename "$d")
	[ "$v" != current ] && [ -d "$d/a" ] && cp -R "$d/a" "$pub/_kit/pages/$v"
done
# a new version was uploaded: Apache leaves the stored pages to the app
# until it has switched (it removes this file)
: >"$pub/_kit/switch"
cp "$tpl/htaccess" "$pub/.htaccess"

# --- the app: the release (the app without its dependencies, sources of
# the browser files and what the web server serves), the binaries
for f in "$app"/* "$app"/.[!.]* "$app"/..?*; do
	[ -e "$f" ] || continue
	n=${f##*/}
	case $n in
	node_modules | .git | public | .kit.tmp-* | .kit-deploy) continue ;;
	esac
	[ "$f" = "$out" ] && continue
	cp -R "$f" "$rel/"
done
rm -rf "$rel/.kit-store/www"
[ -f "$rel/.kit/version" ] || die "$app/.kit is missing: build the app first (kit-build)"
# the binaries in the release (listed in deploy-files like its other
# files): an upload never writes over a running kit-fcgi (which fails,
# "text file busy"); the entry programs run the pair uploaded with them
mkdir -p "$rel/kit-bin"
cp "$bins/kit-fcgi" "$bins/kit.cgi" "$rel/kit-bin/"
chmod 0755 "$rel/kit-bin/kit-fcgi" "$rel/kit-bin/kit.cgi"
sed -e 's|@NAME@|kit.cgi|g' -e "s|@PROGRAM@|releases/$version/kit-bin/kit.cgi|g" -e 's|@HOW@|as CGI, a process per request|g' \
	"$tpl/entry.in" >"$pub/kit.cgi"
sed -e 's|@NAME@|kit.fcgi|g' -e "s|@PROGRAM@|releases/$version/kit-bin/kit-fcgi|g" -e 's|@HOW@|under mod_fcgid, which keeps it running|g' \
	"$tpl/entry.in" >"$pub/kit.fcgi"
chmod 0755 "$pub/kit.cgi" "$pub/kit.fcgi"

cp "$tpl/kit-rollback" "$out/app/kit-rollback"
chmod 0755 "$out/app/kit-rollback"
# the list the app checks before it serves the release: every file and
# its size, then "end N" (an upload that has not finished fails the check)
(
	cd "$rel"
	echo "kit-deploy 1 $version $(date +%s)"
	find . -type f -printf '%s %P\n' | LC_ALL=C sort -k 2
	echo "end $(find . -type f | wc -l)"
) >"$out/app/deploy-files.tmp"
mv "$out/app/deploy-files.tmp" "$rel/deploy-files"
# the switch, last
echo "$version" >"$out/app/current"

# --- README.txt
libs=$(ldd "$rel/kit-bin/kit-fcgi" 2>&1 | awk '/=>/ { print $1 }' |
	grep -v -E '^(linux-vdso|libc|libm|libpthread|libdl|librt|ld-linux)' | tr '\n' ' ' || true)
if [ -z "$libs" ]; then
	portable="portable: they need only the C library (glibc) of the host."
else
	portable="NOT portable: they need these libraries on the host: $libs(for a host without them: kit-build --deploy OUT --deploy-binaries DIR with the portable ones, make portable or ./configure --enable-portable)."
fi
sed -e "s|@VERSION@|$version|g" -e "s|@PORTABLE@|$portable|g" "$tpl/README.txt.in" >"$out/README.txt"
echo "kit-build: --deploy: wrote $out (version $version; README.txt says where each directory goes)"
