# bench/ — `make bench`: throughput and memory of kit-fcgi behind lighttpd
# against a trivial libfcgi responder (bench/README.md). Never part of `make check`.
noinst_PROGRAMS += bench/hello-fcgi
bench_hello_fcgi_SOURCES = bench/hello-fcgi.c
bench_hello_fcgi_CFLAGS = $(AM_CFLAGS) $(FCGI_CFLAGS)
bench_hello_fcgi_LDADD = $(FCGI_LIBS)

EXTRA_DIST += bench/run.sh bench/README.md bench/instructions.sh bench/route-bundles.sh bench/fcgi-client.py \
  bench/peers.sh bench/peers-client-js.mjs bench/peers bench/responder-rss.sh bench/responder-rss.py bench/fcgi_responder.py bench/soak.sh
.PHONY: bench
bench: all
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  WRK='$(WRK)' LIGHTTPD='$(LIGHTTPD)' \
	  $(SHELL) $(top_srcdir)/bench/run.sh

# `make bench-peers`: kit against Next.js and Waku (installed from npm into a
# scratch directory, bench/peers-work), the same three routes in each
# (bench/peers/), side by side (bench/README.md). Never part of `make check`.
.PHONY: bench-peers
bench-peers: all
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  WRK='$(WRK)' LIGHTTPD='$(LIGHTTPD)' NODE='$(NODE)' \
	  $(SHELL) $(top_srcdir)/bench/peers.sh

# `make soak`: a long mixed load through lighttpd (SOAK_SERVER=apache: Apache)
# with the contrib/ config: errors, memory and descriptors of every process,
# the slowest requests per kind (bench/soak.sh, bench/README.md). Never part
# of `make check` (tests/suites/soak-quick.sh is its short run).
.PHONY: soak
soak: all
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  WRK='$(WRK)' LIGHTTPD='$(LIGHTTPD)' \
	  $(SHELL) $(top_srcdir)/bench/soak.sh
