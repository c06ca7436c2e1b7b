# contrib/ — deployment configs (lighttpd, Apache, .htaccess) and kit-serve,
# which runs an app behind them. See contrib/README.md.

# kit-serve: the install paths and the web servers configure found are
# filled in here (not by configure, so that `make prefix=...` works).
bin_SCRIPTS += kit-serve
CLEANFILES += kit-serve
EXTRA_DIST += contrib/kit-serve.in
kit-serve: $(srcdir)/contrib/kit-serve.in Makefile
	$(AM_V_GEN)sed -e 's|@bindir[@]|$(bindir)|g' \
	    -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	    -e 's|@LIGHTTPD[@]|$(LIGHTTPD)|g' \
	    -e 's|@APACHE2[@]|$(APACHE2)|g' \
	    $(srcdir)/contrib/kit-serve.in >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@

# The templates kit-serve renders, installed as $(pkgdatadir)/contrib/...
contribdir = $(pkgdatadir)/contrib
contrib_lighttpddir = $(contribdir)/lighttpd
contrib_apachedir = $(contribdir)/apache
contrib_DATA = contrib/htaccess contrib/README.md
contrib_lighttpd_DATA = contrib/lighttpd/lighttpd.conf contrib/lighttpd/kit.conf contrib/lighttpd/kit-pages.lua
contrib_apache_DATA = contrib/apache/httpd.conf contrib/apache/kit.conf
# kit-build --deploy runs deploy.sh (shared hosting, docs/deploy.md)
contrib_deploydir = $(contribdir)/deploy
contrib_deploy_DATA = contrib/deploy/deploy.sh contrib/deploy/htaccess contrib/deploy/entry.in \
	contrib/deploy/kit-rollback contrib/deploy/README.txt.in
EXTRA_DIST += $(contrib_DATA) $(contrib_lighttpd_DATA) $(contrib_apache_DATA) $(contrib_deploy_DATA) contrib/dev

# kit-new NAME: writes a new app from the template contrib/new-app/,
# installed as $(pkgdatadir)/new-app/ (the whole tree, so that a file added
# there is never forgotten by `make install`).
bin_SCRIPTS += kit-new
CLEANFILES += kit-new
EXTRA_DIST += contrib/kit-new.in
kit-new: $(srcdir)/contrib/kit-new.in Makefile
	$(AM_V_GEN)sed -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	    $(srcdir)/contrib/kit-new.in >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@

install-data-local: install-new-app
install-new-app:
	cd $(srcdir)/contrib/new-app && find . -type f -print | while read -r f; do \
	  $(MKDIR_P) "$(DESTDIR)$(pkgdatadir)/new-app/$$(dirname "$$f")" && \
	  $(INSTALL_DATA) "$$f" "$(DESTDIR)$(pkgdatadir)/new-app/$$f" || exit 1; \
	done

uninstall-local: uninstall-new-app
uninstall-new-app:
	rm -rf "$(DESTDIR)$(pkgdatadir)/new-app"

dist-hook: dist-new-app
dist-new-app:
	cd $(srcdir) && find contrib/new-app -type f -print | \
	  while read -r f; do $(MKDIR_P) "$(distdir)/$$(dirname "$$f")" && cp -p "$$f" "$(distdir)/$$f" || exit 1; done

.PHONY: install-new-app uninstall-new-app dist-new-app

# The Debian package (debian/): `make deb` builds it from this checkout in
# deb-build/ (contrib/build-deb: a copy of the source, dpkg-buildpackage -b);
# `make deb-check` builds it and checks it (tests/suites/debian.sh, 3 to 17
# minutes: outside make check, where that suite says SKIP).
EXTRA_DIST += contrib/build-deb debian/changelog debian/control debian/copyright debian/rules \
	debian/source/format debian/kit.docs debian/kit.links debian/kit.lintian-overrides debian/README.Debian
deb:
	$(srcdir)/contrib/build-deb $(abs_top_builddir)/deb-build
deb-check: all
	KIT_DEB_CHECK=1 KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  $(srcdir)/tests/suites/debian.sh
.PHONY: deb deb-check
