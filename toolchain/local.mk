# toolchain/ — kit's pinned build-time JS toolchain and the mujs polyfills
# (see toolchain/README.md). `make` runs `npm ci` when the lock file changed or
# node_modules is missing, and bundles runtime/polyfills.js; `make install`
# copies both under $(pkgdatadir). In-tree builds only.
#
# npm ci empties node_modules before filling it, and several makes may run in
# one checkout: so it runs in a private directory and the result is moved into
# place. The stamp lives inside node_modules, so a wiped tree is reinstalled.
TOOLCHAIN_STAMP = toolchain/node_modules/.kit-stamp
TOOLCHAIN_ESBUILD = $(top_builddir)/toolchain/node_modules/.bin/esbuild

$(TOOLCHAIN_STAMP): $(top_srcdir)/toolchain/package.json $(top_srcdir)/toolchain/package-lock.json
	@tmp=toolchain/.npm-ci.$$$$ && rm -rf $$tmp && $(MKDIR_P) $$tmp && \
	cp $(top_srcdir)/toolchain/package.json $(top_srcdir)/toolchain/package-lock.json \
	  $(top_srcdir)/toolchain/.npmrc $$tmp/ && \
	echo "  NPM      toolchain/node_modules (npm ci)" && \
	(cd $$tmp && $(NPM) ci --no-audit --no-fund --loglevel=error) && \
	touch $$tmp/node_modules/.kit-stamp && \
	rm -rf toolchain/node_modules && mv -T $$tmp/node_modules toolchain/node_modules; \
	rc=$$?; rm -rf $$tmp; exit $$rc

# core-js's Map and Set key a primitive by a string: "S" + a string, "P" +
# anything else, so 1n and 1 were one key. A bigint gets "B" (SameValueZero
# tells them apart); the build fails if core-js no longer has that line.
KIT_FASTKEY_BIGINT = sed -i 's/(typeof it=="string"?"S":"P")+it/(typeof it=="string"?"S":typeof it=="bigint"?"B":"P")+it/' $@.tmp && \
	  grep -q 'typeof it=="bigint"?"B"' $@.tmp

# The curated core-js subset mujs can load; never lowered by SWC (mujs.md §3).
# (this file is a prerequisite: the recipes' core-js edit lives here)
runtime/polyfills.js: $(top_srcdir)/runtime/polyfills.entry.js $(TOOLCHAIN_STAMP) $(top_srcdir)/toolchain/local.mk
	@$(MKDIR_P) runtime
	NODE_PATH=$(abs_top_builddir)/toolchain/node_modules \
	  $(TOOLCHAIN_ESBUILD) $(top_srcdir)/runtime/polyfills.entry.js --bundle \
	  --format=iife --target=es5 --minify-whitespace --log-level=warning \
	  --outfile=$@.tmp && $(KIT_FASTKEY_BIGINT) && mv $@.tmp $@

# The same plus core-js's URL, for apps with the web classes (build/main.c).
runtime/polyfills-web.js: $(top_srcdir)/runtime/polyfills-web.entry.js $(top_srcdir)/runtime/polyfills.entry.js $(top_srcdir)/runtime/polyfills-url.entry.js $(TOOLCHAIN_STAMP) \
		$(top_srcdir)/toolchain/local.mk
	@$(MKDIR_P) runtime
	NODE_PATH=$(abs_top_builddir)/toolchain/node_modules \
	  $(TOOLCHAIN_ESBUILD) $(top_srcdir)/runtime/polyfills-web.entry.js --bundle \
	  --format=iife --target=es5 --minify-whitespace --log-level=warning \
	  --outfile=$@.tmp && $(KIT_FASTKEY_BIGINT) && mv $@.tmp $@

# For apps with the web classes: the polyfills with a getter for each
# core-js internal the URL modules share with them (in server.js), and those
# URL modules apart (a chunk of .kit/server/ the web classes load first).
runtime/polyfills-shared.js: $(top_srcdir)/runtime/polyfills-url.entry.js $(top_srcdir)/runtime/polyfills.entry.js \
		$(top_srcdir)/toolchain/polyfills.mjs $(TOOLCHAIN_STAMP) $(top_srcdir)/toolchain/local.mk
	@$(MKDIR_P) runtime
	$(NODE) $(top_srcdir)/toolchain/polyfills.mjs $(top_srcdir)/runtime runtime >/dev/null && \
	  $(KIT_FASTKEY_BIGINT) && mv $@.tmp $@
# (one run writes both: polyfills-url.js missing alone is made again)
runtime/polyfills-url.js: runtime/polyfills-shared.js
	@test -f $@ || { rm -f runtime/polyfills-shared.js; $(MAKE) $(AM_MAKEFLAGS) runtime/polyfills-shared.js; }

all-local: $(TOOLCHAIN_STAMP) runtime/polyfills.js runtime/polyfills-web.js runtime/polyfills-shared.js runtime/polyfills-url.js

kitruntimedir = $(pkgdatadir)/runtime
kitruntime_DATA = runtime/polyfills.js runtime/polyfills-web.js runtime/polyfills-shared.js runtime/polyfills-url.js \
	runtime/prelude.js runtime/mujs-fixes.js

kittoolchaindir = $(pkgdatadir)/toolchain
kittoolchain_DATA = toolchain/package.json toolchain/package-lock.json \
	toolchain/.npmrc toolchain/bundle.mjs toolchain/conditions.mjs toolchain/styles.mjs toolchain/assets.mjs toolchain/mujs-lower.mjs \
	toolchain/env.mjs

# node_modules is copied as installed (native esbuild and SWC binaries
# included): installing needs no network.
install-data-local: install-toolchain-modules
install-toolchain-modules: $(TOOLCHAIN_STAMP)
	$(MKDIR_P) $(DESTDIR)$(kittoolchaindir)
	rm -rf $(DESTDIR)$(kittoolchaindir)/node_modules
	cp -a $(top_builddir)/toolchain/node_modules $(DESTDIR)$(kittoolchaindir)/node_modules

uninstall-local: uninstall-toolchain-modules
uninstall-toolchain-modules:
	rm -rf $(DESTDIR)$(kittoolchaindir)/node_modules

distclean-local: distclean-toolchain
distclean-toolchain:
	rm -rf $(top_builddir)/toolchain/node_modules

CLEANFILES += runtime/polyfills.js runtime/polyfills-web.js runtime/polyfills-shared.js runtime/polyfills-url.js
EXTRA_DIST += toolchain/README.md toolchain/package.json toolchain/package-lock.json \
	toolchain/.npmrc toolchain/bundle.mjs toolchain/conditions.mjs toolchain/styles.mjs toolchain/assets.mjs toolchain/mujs-lower.mjs \
	toolchain/env.mjs toolchain/polyfills.mjs runtime/polyfills.entry.js runtime/polyfills-web.entry.js \
	runtime/polyfills-url.entry.js \
	runtime/prelude.js runtime/mujs-fixes.js
.PHONY: install-toolchain-modules uninstall-toolchain-modules distclean-toolchain

# inline server actions: the hoisting transform (docs/actions.md §1)
kittoolchain_DATA += toolchain/inline-actions.mjs
EXTRA_DIST += toolchain/inline-actions.mjs

# server modules' host JSX compiled into templates (render/README.md "Templates")
kittoolchain_DATA += toolchain/templates.mjs
EXTRA_DIST += toolchain/templates.mjs
