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
EXTRA_DIST += $(contrib_DATA) $(contrib_lighttpd_DATA) $(contrib_apache_DATA) contrib/dev
