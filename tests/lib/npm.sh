# tests/lib/npm.sh — npm installs for the suites (sourced).
#
# kit_npm_ci DIR WORK
#     Makes DIR/node_modules exactly what DIR/package-lock.json says, unless it
#     already is (node_modules/.kit-lock holds the sha256 of the lock it was
#     installed from). npm ci runs in a private copy under WORK and the result
#     is moved in, so suites running at the same time never see a half-
#     installed tree. Sets KIT_NPM_INSTALLED=1 when it installed; on failure
#     returns 1 with the end of npm's log in KIT_NPM_ERROR.

KIT_NPM_INSTALLED= KIT_NPM_ERROR=

kit_npm_ci() {
	local dir=$1 work=$2 lock tmp
	KIT_NPM_INSTALLED= KIT_NPM_ERROR=
	lock=$(sha256sum <"$dir/package-lock.json")
	[ "$(cat "$dir/node_modules/.kit-lock" 2>/dev/null)" = "$lock" ] && return 0
	tmp=$(mktemp -d "$work/npm.XXXXXX") || return 1
	cp "$dir/package.json" "$dir/package-lock.json" "$tmp/"
	if ! (cd "$tmp" && "${NPM:-npm}" ci --no-audit --no-fund) >"$tmp.log" 2>&1; then
		KIT_NPM_ERROR="npm ci in $dir failed: $(tail -n 5 "$tmp.log" | tr '\n' ' ')"
		return 1
	fi
	echo "$lock" >"$tmp/node_modules/.kit-lock"
	rm -rf "$dir/node_modules.old.$$"
	[ -d "$dir/node_modules" ] && mv "$dir/node_modules" "$dir/node_modules.old.$$"
	mv "$tmp/node_modules" "$dir/node_modules" && rm -rf "$dir/node_modules.old.$$" "$tmp"
	KIT_NPM_INSTALLED=1
}
