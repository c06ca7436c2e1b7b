# fcgi/ — the host library (HTTP semantics) and the kit-fcgi responder.
noinst_LIBRARIES += libhost.a
libhost_a_CFLAGS = $(AM_CFLAGS) $(MUJS_CFLAGS) $(FCGI_CFLAGS) $(SQLITE_CFLAGS)
libhost_a_SOURCES = \
	fcgi/host.c fcgi/host.h \
	fcgi/routes.c fcgi/routes.h \
	fcgi/stored.c fcgi/stored.h \
	fcgi/url.c fcgi/url.h \
	fcgi/response.c fcgi/response.h \
	fcgi/cgi.c fcgi/cgi.h \
	fcgi/deploy.c fcgi/deploy.h

HOST_LIBS = libhost.a libstore.a librender.a $(MUJS_LIBS) $(SQLITE_LIBS) -lm

bin_PROGRAMS += kit-fcgi
kit_fcgi_SOURCES = fcgi/kit-fcgi.c
kit_fcgi_CFLAGS = $(AM_CFLAGS) $(FCGI_CFLAGS)
if KIT_PORTABLE
kit_fcgi_LDFLAGS = $(AM_LDFLAGS) $(PORTABLE_LD_OPTIONS)
kit_fcgi_LDADD = $(PORTABLE_HOST_LIBS) $(KIT_PORTABLE_FCGI) $(PORTABLE_SYSTEM_LIBS)
else
kit_fcgi_LDFLAGS = $(AM_LDFLAGS)
kit_fcgi_LDADD = $(HOST_LIBS) $(FCGI_LIBS) -lpthread
endif

# The engine benchmark `make bench` runs (not installed).
noinst_PROGRAMS += kit-render-bench
kit_render_bench_SOURCES = fcgi/render-bench.c
kit_render_bench_LDADD = $(HOST_LIBS)
# Forwarding of URLs no route owns to RSC_BACKEND (docs/wire-formats.md §4).
libhost_a_SOURCES += fcgi/forward.c fcgi/forward.h
libhost_a_CFLAGS += $(CURL_CFLAGS)
