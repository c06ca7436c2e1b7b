# js/ — @kit/core, installed under $(pkgdatadir)/js; kit-build aliases
# `@kit/core` and the server-side `react` to it. The whole tree of sources
# (TypeScript, README, package.json) is installed as it is, so a file added
# here is never forgotten by `make install`. testing.paths.json records the
# bindir, where @kit/core/testing finds kit-build and kit.cgi once installed.
KIT_JS_FIND = find . \( -name node_modules -prune \) -o -type f \
	\( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.json' -o -name '*.md' \) -print

install-data-local: install-kit-js
install-kit-js:
	cd $(srcdir)/js && $(KIT_JS_FIND) | while read -r f; do \
	  $(MKDIR_P) "$(DESTDIR)$(pkgdatadir)/js/$$(dirname "$$f")" && \
	  $(INSTALL_DATA) "$$f" "$(DESTDIR)$(pkgdatadir)/js/$$f" || exit 1; \
	done
	printf '{"bindir": "%s"}\n' "$(bindir)" >"$(DESTDIR)$(pkgdatadir)/js/testing.paths.json"

uninstall-local: uninstall-kit-js
uninstall-kit-js:
	rm -rf "$(DESTDIR)$(pkgdatadir)/js"

dist-hook: dist-kit-js
dist-kit-js:
	cd $(srcdir) && find js \( -name node_modules -prune \) -o -type f -print | \
	  while read -r f; do $(MKDIR_P) "$(distdir)/$$(dirname "$$f")" && cp -p "$$f" "$(distdir)/$$f" || exit 1; done

.PHONY: install-kit-js uninstall-kit-js dist-kit-js
