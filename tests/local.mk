# tests/ — `make check` builds the unit tests and runs tests/run, which runs
# every test (unit, conformance, integration) and prints "N passed, N failed".
TEST_CPPFLAGS = $(AM_CPPFLAGS) $(MUJS_CFLAGS)
TEST_LDADD = librender.a $(MUJS_LIBS) -lm

check-local: all $(check_PROGRAMS)
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  $(SHELL) $(top_srcdir)/tests/run

EXTRA_DIST += tests/run

# --- the repository itself (tests/suites/repo.sh): no citations of documents
# outside it, named paths exist, long C functions listed with a reason
EXTRA_DIST += tests/suites/repo.sh tests/lib/long-functions.txt tests/README.md

# --- encoders (render/json.c, render/flight.c, render/html*.c)
check_PROGRAMS += tests/unit/heap_test
tests_unit_heap_test_SOURCES = tests/unit/heap_test.c tests/unit/test.h
tests_unit_heap_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_heap_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/jsstr_test
tests_unit_jsstr_test_SOURCES = tests/unit/jsstr_test.c tests/unit/test.h
tests_unit_jsstr_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_jsstr_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/json_test
tests_unit_json_test_SOURCES = tests/unit/json_test.c tests/unit/test.h
tests_unit_json_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_json_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/srcmap_test
tests_unit_srcmap_test_SOURCES = tests/unit/srcmap_test.c tests/unit/test.h
tests_unit_srcmap_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_srcmap_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/errlog_test
tests_unit_errlog_test_SOURCES = tests/unit/errlog_test.c tests/unit/test.h
tests_unit_errlog_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_errlog_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/flight_test
tests_unit_flight_test_SOURCES = tests/unit/flight_test.c tests/unit/test.h
tests_unit_flight_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_flight_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/html_test
tests_unit_html_test_SOURCES = tests/unit/html_test.c tests/unit/test.h
tests_unit_html_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_html_test_LDADD = $(TEST_LDADD)
EXTRA_DIST += tests/unit/html_cases.txt tests/unit/html_cases.mjs
# React's own output the encoder tests compare with, and its generator
# (tests/conformance/react-golden/README.md; never its node_modules)
EXTRA_DIST += tests/unit/html_stream_cases.txt tests/conformance/react-golden/golden \
	tests/conformance/react-golden/README.md tests/conformance/react-golden/generate.mjs \
	tests/conformance/react-golden/cases-flight.jsx tests/conformance/react-golden/cases-html.jsx \
	tests/conformance/react-golden/package.json tests/conformance/react-golden/package-lock.json \
	tests/conformance/react-golden/.npmrc tests/conformance/react-golden/.gitignore

# --- integration tests against real web servers (tests/suites/http-*.sh, cgi.sh)
# echo-fcgi: a stand-in app that echoes what reached it, for the routing tests
# of the contrib configs (tests/http/routing/).
check_PROGRAMS += tests/bin/echo-fcgi
tests_bin_echo_fcgi_SOURCES = tests/lib/echo-fcgi.c
tests_bin_echo_fcgi_CFLAGS = $(AM_CFLAGS) $(FCGI_CFLAGS)
tests_bin_echo_fcgi_LDADD = $(FCGI_LIBS)
EXTRA_DIST += tests/lib/httpcheck.mjs tests/lib/http-suite.sh tests/lib/serve.sh tests/lib/load.sh tests/lib/load.lua \
	tests/lib/apache-htaccess.conf tests/lib/apache-shared.conf tests/lib/README.md tests/http \
	tests/suites/http-lighttpd.sh tests/suites/http-apache.sh tests/suites/cgi.sh tests/suites/deploy-shared.sh \
	tests/suites/edge.sh tests/suites/actions.sh tests/client/actions.mjs

# --- build/ (kit-build): the route scanner on fixture trees; tests/suites/build.sh
# runs the real kit-build on the fixture apps of tests/fixtures/build/apps/.
check_PROGRAMS += tests/unit/scan_test
tests_unit_scan_test_SOURCES = tests/unit/scan_test.c tests/unit/test.h \
	build/scan.c build/scan.h build/metafiles.c build/metafiles.h build/diag.c build/diag.h
tests_unit_scan_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_scan_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/webuse_test
tests_unit_webuse_test_SOURCES = tests/unit/webuse_test.c tests/unit/test.h \
	build/webuse.c build/webuse.h build/nextmw.c build/nextmw.h build/scan.c build/scan.h \
	build/metafiles.c build/metafiles.h build/diag.c build/diag.h
tests_unit_webuse_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_webuse_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/www_test
tests_unit_www_test_SOURCES = tests/unit/www_test.c tests/unit/test.h \
	build/www.c build/www.h build/outdir.c build/outdir.h
tests_unit_www_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_www_test_LDADD = libstore.a librender.a $(SQLITE_LIBS) $(MUJS_LIBS) -lm
EXTRA_DIST += tests/suites/build-diskfull.sh
EXTRA_DIST += tests/fixtures/build tests/suites/build.sh tests/fixtures/repro tests/suites/build-repro.sh tests/suites/store.sh tests/suites/dev.sh tests/suites/static-pages.sh \
	tests/suites/dev-overlay.sh tests/client/dev-overlay.mjs

# --- js/server/web/ (Request, Response, Headers, URL, FormData in mujs):
# tests/mujs/mujs-run loads JS files into libmujs with the prelude's natives
# and runs the event loop; tests/suites/web-apis.sh bundles tests/mujs/*.ts
# like an app and runs them in it, and on Node's native classes.
check_PROGRAMS += tests/mujs/mujs-run
tests_mujs_mujs_run_SOURCES = tests/mujs/mujs-run.c
tests_mujs_mujs_run_CPPFLAGS = $(TEST_CPPFLAGS)
tests_mujs_mujs_run_LDADD = $(TEST_LDADD)
EXTRA_DIST += tests/suites/web-apis.sh tests/mujs/README.md tests/mujs/harness.ts tests/mujs/chunks-node.js \
	tests/mujs/setup-mujs.ts tests/mujs/entry-mujs.ts tests/mujs/entry-node.ts \
	tests/mujs/url.test.ts tests/mujs/headers.test.ts tests/mujs/request.test.ts \
	tests/mujs/response.test.ts tests/mujs/formdata.test.ts tests/mujs/encoding.test.ts \
	tests/mujs/abort.test.ts tests/mujs/kit.test.ts tests/mujs/order.test.ts

# --- tests/jsdiff/: snippets of the built-ins and the language in kit's engine
# and in Node, compared line by line (tests/jsdiff/README.md); known
# differences listed in tests/jsdiff/known-differences.txt
EXTRA_DIST += tests/suites/jsdiff.sh tests/jsdiff

# --- streaming and hydration: tests/suites/streaming.sh (Suspense streaming
# timed through lighttpd and Apache mod_fcgid, errors inside boundaries, 1,000
# boundaries and the responder's memory) and tests/suites/hydration.sh (the
# documents hydrate in headless Chromium; playwright-core is installed into
# tests/browser/node_modules by the suite, from the committed lock).
# Pages: examples/hello and examples/streaming.
EXTRA_DIST += tests/suites/streaming.sh tests/suites/hydration.sh \
	tests/streaming/stream.mjs tests/streaming/timing.mjs \
	tests/browser/package.json tests/browser/package-lock.json tests/browser/.gitignore \
	tests/browser/setup.js tests/browser/client-entry.jsx tests/browser/hydrate.mjs

# --- the browser runtime (js/client/, js/Link.tsx, js/router.ts, the hooks):
# tests/suites/client-runtime.sh runs tests/client/run.mjs in headless Chromium.
EXTRA_DIST += tests/suites/client-runtime.sh tests/client/README.md \
	tests/client/package.json tests/client/package-lock.json \
	tests/client/build.mjs tests/client/pages.mjs tests/client/server.mjs \
	tests/client/run.mjs tests/client/ssr-entry.js tests/client/app/widgets.tsx
EXTRA_DIST += tests/suites/limits.sh
# --- the responders lighttpd runs: all start, kill -9, a frozen one
EXTRA_DIST += tests/suites/responders.sh tests/suites/fault-kill.sh tests/suites/fault-publish.sh tests/suites/multi-server.sh tests/suites/fault-frozen.sh tests/suites/fault-drain.sh tests/suites/fault-backend.sh tests/lib/fault-backend.py tests/suites/fault-diskfull.sh tests/suites/soak-quick.sh
EXTRA_DIST += tests/suites/typed-routes.sh
# --- the backend manifest and kit-typegen (tests/suites/typegen.sh)
EXTRA_DIST += tests/suites/typegen.sh

# --- limits of a streamed answer: tests/suites/streaming-limits.sh (keep-alives
# through lighttpd and through Apache mod_fcgid with a short FcgidIOTimeout,
# the render budget, a client that disconnects, a runaway render and
# kit-fcgi's watchdog). Pages: examples/streaming (/keepalive, /budget,
# /budget-shell, /disconnect, /runaway).
EXTRA_DIST += tests/suites/streaming-limits.sh tests/streaming/limits.mjs

# --- rpc(), host calls, backend guards (tests/suites/backend.sh) against the
# reference backend (tests/backend/reference.py: examples/backend/app.py plus
# the functions and misbehaviours the protocol tests need)
EXTRA_DIST += tests/suites/backend.sh tests/backend/reference.py

# --- a render that fails after its shell went out (tests/suites/render-cut.sh):
# tests/render-cut/app (/ok, /oom, /hang) through kit.cgi, lighttpd, Apache
# mod_fcgid and the .htaccess front controller (docs/fastcgi.md §10)
EXTRA_DIST += tests/suites/render-cut.sh tests/render-cut

# --- attack classes no other suite covered (tests/suites/attacks.sh,
# docs/security.md §8): XSS through props and metadata, request smuggling
# through lighttpd and Apache (tests/attacks/raw.py)
EXTRA_DIST += tests/suites/attacks.sh tests/attacks

# --- the backend in front (tests/suites/backend-front.sh, docs/backend-in-front.md):
# the reference backend proxying pages to kit behind lighttpd
EXTRA_DIST += tests/suites/backend-front.sh

# --- the README demo (tests/suites/backend-demo.sh): examples/hello behind
# lighttpd with examples/backend/app.py — a guarded page and a forwarded login,
# fast/slow reads streamed separately, the guestbook action, backend.cgi
EXTRA_DIST += tests/suites/backend-demo.sh

# --- client components served by kit in headless Chromium
# (tests/suites/client-components.sh): examples/interactive (its npm
# dependencies installed by the suite with npm ci, from its lock), its
# fixture fixtures/lazy-import and examples/hello, driven by
# tests/client/components.mjs (playwright-core from tests/client).
EXTRA_DIST += tests/suites/client-components.sh tests/client/components.mjs \
	examples/interactive/README.md examples/interactive/package.json \
	examples/interactive/package-lock.json examples/interactive/tsconfig.json \
	examples/interactive/.gitignore examples/interactive/src examples/interactive/fixtures \
	tests/client/kit-app
EXTRA_DIST += tests/suites/nuqs.sh tests/nuqs

# --- a layout with params across navigations (tests/suites/layout-params.sh): tests/params/app
EXTRA_DIST += tests/suites/layout-params.sh tests/params/check.mjs tests/params/app/package.json tests/params/app/src

# --- route segment config (tests/suites/segment-config.sh): tests/segment/app
EXTRA_DIST += tests/suites/segment-config.sh tests/segment/app/package.json tests/segment/app/src

# --- Intl in server components (tests/suites/intl.sh): tests/intl/app
EXTRA_DIST += tests/suites/intl.sh tests/intl/app/package.json tests/intl/app/src
# --- the app's own files in server code (tests/suites/files.sh): tests/files/app
EXTRA_DIST += tests/suites/files.sh tests/files/app/package.json tests/files/app/content tests/files/app/src

# --- imports of images and other files (tests/suites/assets.sh): tests/assets/app
EXTRA_DIST += tests/suites/assets.sh tests/assets/app/package.json tests/assets/app/kit.config.json \
	tests/assets/app/content tests/assets/app/src

# --- the app's CSS (tests/suites/styles.sh): tests/styles/app (Tailwind CSS v4
# and PostCSS installed by the suite with npm ci, from its lock)
EXTRA_DIST += tests/suites/styles.sh tests/styles/check.mjs tests/styles/app/package.json \
	tests/styles/app/package-lock.json tests/styles/app/postcss.config.mjs tests/styles/app/src

# --- the Next.js error conventions (tests/suites/error-files.sh): tests/errors/app
EXTRA_DIST += tests/suites/error-files.sh tests/errors/check.mjs tests/errors/app/package.json \
	tests/errors/app/src

# --- errors are never silent (tests/suites/error-log.sh): tests/error-log/app
# behind lighttpd and Apache, the log lines and digests
EXTRA_DIST += tests/suites/error-log.sh tests/error-log/app/package.json tests/error-log/app/src

# --- the Next.js metadata conventions (tests/suites/metadata.sh): tests/metadata/app
EXTRA_DIST += tests/suites/metadata.sh tests/metadata/check.mjs tests/metadata/app/package.json \
	tests/metadata/app/src
# the metadata file conventions (tests/suites/metadata-files.sh): tests/metafiles/
EXTRA_DIST += tests/suites/metadata-files.sh tests/metafiles/check.mjs tests/metafiles/next-expect.mjs \
	tests/metafiles/expect tests/metafiles/app/package.json tests/metafiles/app/src

# --- inline server actions closing over a component's variables
# (tests/suites/inline-actions.sh): the transform's table, tests/inline-actions/app
EXTRA_DIST += tests/suites/inline-actions.sh tests/inline-actions/transform.mjs tests/inline-actions/check.mjs \
	tests/inline-actions/app/package.json tests/inline-actions/app/src

# --- server modules' host JSX compiled into templates (tests/suites/templates.sh)
EXTRA_DIST += tests/suites/templates.sh tests/templates/transform.mjs tests/templates/app/package.json \
	tests/templates/app/src

# --- packages as published, with their export conditions
# (tests/suites/packages.sh): tests/packages/app (swr, server-only and
# client-only installed by the suite with npm ci, from its lock)
EXTRA_DIST += tests/suites/packages.sh tests/packages/check.mjs tests/packages/app/package.json \
	tests/packages/app/package-lock.json tests/packages/app/src

# --- a Proxy-based library (tests/suites/proxy-lib.sh): immer, installed by
# the suite with npm ci from tests/proxy/package-lock.json
EXTRA_DIST += tests/suites/proxy-lib.sh tests/proxy/case.mjs tests/proxy/package.json tests/proxy/package-lock.json

# --- the action client (tests/suites/action-client.sh): tests/action/app
# (zod and valibot installed by the suite with npm ci, from its lock)
EXTRA_DIST += tests/suites/action-client.sh tests/action/unit-node.mjs tests/action/unit-mujs.mjs tests/action/query.mjs tests/action/typecheck.ts \
	tests/action/app/package.json tests/action/app/package-lock.json tests/action/app/src

# --- the test harness @kit/core/testing (js/testing.js): tests/suites/testing.sh
# runs node --test on tests/testing/app's test files, and tsc on typed hosts.
EXTRA_DIST += tests/suites/testing.sh tests/testing

# --- no leaks or memory errors under valgrind on the integration paths
# (tests/suites/valgrind.sh; tests/lib/README.md)
EXTRA_DIST += tests/suites/valgrind.sh tests/lib/valgrind.supp tests/lib/valgrind-requests.mjs

# --- the fuzz targets (tests/fuzz/README.md): one libFuzzer program per
# parser that sees outside bytes, built with clang, ASan and UBSan over the
# host's, the engine's, mujs's (its struct-hack arrays exempt from UBSan's
# bounds check), kit's regex engine's and the store's sources, compiled once
# into tests/fuzz/libfuzzkit.a. `make fuzz-build` builds them; `make fuzz`
# builds them and runs each for FUZZ_SECONDS (tests/fuzz/run.sh);
# tests/suites/fuzz.sh (make check) does the same for KIT_FUZZ_SECONDS. Not
# part of `all`: it needs clang and libclang-rt-14-dev.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -g -O1 -std=c11 -D_GNU_SOURCE -fno-omit-frame-pointer $(FUZZ_SAN)
FUZZ_CPPFLAGS = $(DEFS) $(AM_CPPFLAGS) $(MUJS_CFLAGS) $(CURL_CFLAGS) $(SQLITE_CFLAGS) \
	-I$(top_builddir)/mujs/src -I$(top_srcdir) -DKIT_FUZZ_SRCDIR='"$(abs_top_srcdir)"'
FUZZ_SRCS = $(libhost_a_SOURCES) $(librender_a_SOURCES) $(libstore_a_SOURCES) $(libkitregex_a_SOURCES) \
	build/bjson.c build/config.c build/diag.c build/hostgen.c build/outdir.c
FUZZ_TARGETS = host_fuzz url_fuzz query_fuzz cookie_fuzz json_fuzz flight_fuzz ndjson_fuzz routes_fuzz store_key_fuzz config_fuzz \
	action_fuzz multipart_fuzz form_fuzz
FUZZ_PROGS = tests/fuzz/host_fuzz tests/fuzz/url_fuzz tests/fuzz/query_fuzz tests/fuzz/cookie_fuzz \
	tests/fuzz/json_fuzz tests/fuzz/flight_fuzz tests/fuzz/ndjson_fuzz tests/fuzz/routes_fuzz tests/fuzz/store_key_fuzz \
	tests/fuzz/config_fuzz tests/fuzz/action_fuzz tests/fuzz/multipart_fuzz tests/fuzz/form_fuzz
fuzz-clang:
	@command -v $(FUZZ_CC) >/dev/null && ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || { \
	  echo "make fuzz needs clang with libFuzzer: apt-get install clang libclang-rt-14-dev (contrib/dev setup installs both)" >&2; exit 1; }
fuzz-build: fuzz-clang $(FUZZ_PROGS)
fuzz: fuzz-build
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) FUZZ_SECONDS=$(FUZZ_SECONDS) \
	  $(SHELL) $(srcdir)/tests/fuzz/run.sh $(FUZZ_TARGETS)
tests/fuzz/libfuzzkit.a: $(FUZZ_SRCS) mujs/src/one.c Makefile
	@$(MAKE) fuzz-clang
	@rm -rf tests/fuzz/obj && mkdir -p tests/fuzz/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -fno-sanitize=bounds -w $(FUZZ_CPPFLAGS) -c mujs/src/one.c \
	  -o tests/fuzz/obj/mujs.o
	@set -e; for f in $(FUZZ_SRCS); do case $$f in *.c) \
	  o=tests/fuzz/obj/`echo $$f | tr / _ | sed 's/\.c$$/.o/'`; \
	  echo "  FUZZCC   $$f"; \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_CPPFLAGS) -c $(srcdir)/$$f -o $$o ;; esac; done
	rm -f $@ && ar rcs $@ tests/fuzz/obj/*.o
$(FUZZ_PROGS): tests/fuzz/libfuzzkit.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Wno-unused-function $(FUZZ_CPPFLAGS) \
	  -o $@ $(srcdir)/$@.c tests/fuzz/libfuzzkit.a $(SQLITE_LIBS) -lm -ldl
tests/fuzz/host_fuzz: $(srcdir)/tests/fuzz/host_fuzz.c
tests/fuzz/url_fuzz: $(srcdir)/tests/fuzz/url_fuzz.c
tests/fuzz/query_fuzz: $(srcdir)/tests/fuzz/query_fuzz.c
tests/fuzz/cookie_fuzz: $(srcdir)/tests/fuzz/cookie_fuzz.c
tests/fuzz/json_fuzz: $(srcdir)/tests/fuzz/json_fuzz.c
tests/fuzz/flight_fuzz: $(srcdir)/tests/fuzz/flight_fuzz.c
tests/fuzz/ndjson_fuzz: $(srcdir)/tests/fuzz/ndjson_fuzz.c
tests/fuzz/routes_fuzz: $(srcdir)/tests/fuzz/routes_fuzz.c
tests/fuzz/store_key_fuzz: $(srcdir)/tests/fuzz/store_key_fuzz.c
tests/fuzz/config_fuzz: $(srcdir)/tests/fuzz/config_fuzz.c
tests/fuzz/action_fuzz: $(srcdir)/tests/fuzz/action_fuzz.c $(srcdir)/tests/fuzz/engine_fuzz.h
tests/fuzz/multipart_fuzz: $(srcdir)/tests/fuzz/multipart_fuzz.c $(srcdir)/tests/fuzz/engine_fuzz.h
tests/fuzz/form_fuzz: $(srcdir)/tests/fuzz/form_fuzz.c $(srcdir)/tests/fuzz/engine_fuzz.h
clean-local: clean-fuzz
clean-fuzz:
	rm -rf tests/fuzz/obj tests/fuzz/libfuzzkit.a $(FUZZ_PROGS)
EXTRA_DIST += tests/fuzz/README.md tests/fuzz/run.sh tests/fuzz/corpus tests/fuzz/regressions tests/fuzz/dict \
	tests/suites/fuzz.sh tests/fixtures/routes
EXTRA_DIST += tests/fuzz/host_fuzz.c tests/fuzz/url_fuzz.c tests/fuzz/query_fuzz.c tests/fuzz/cookie_fuzz.c \
	tests/fuzz/json_fuzz.c tests/fuzz/flight_fuzz.c tests/fuzz/ndjson_fuzz.c tests/fuzz/routes_fuzz.c tests/fuzz/store_key_fuzz.c \
	tests/fuzz/config_fuzz.c tests/fuzz/action_fuzz.c tests/fuzz/multipart_fuzz.c tests/fuzz/form_fuzz.c \
	tests/fuzz/engine_fuzz.h
.PHONY: fuzz fuzz-build fuzz-clang clean-fuzz

# --- fcgi/response.c (the one header writer) and the redirect targets of fcgi/url.c
check_PROGRAMS += tests/unit/response_test
tests_unit_response_test_SOURCES = tests/unit/response_test.c tests/unit/test.h
tests_unit_response_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_response_test_LDADD = libhost.a $(TEST_LDADD)

# --- fcgi/url.c (the canonical path, /__rsc/host-call spellings, redirect
# targets, form decoding) and route matching (fcgi/routes.c on
# tests/fixtures/routes/), as case tables
check_PROGRAMS += tests/unit/url_test tests/unit/routes_test
tests_unit_url_test_SOURCES = tests/unit/url_test.c tests/unit/test.h
tests_unit_url_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_url_test_LDADD = libhost.a $(TEST_LDADD)
tests_unit_routes_test_SOURCES = tests/unit/routes_test.c tests/unit/test.h
tests_unit_routes_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_routes_test_LDADD = libhost.a $(TEST_LDADD)

# --- kit's patches to mujs (mujs/patches/), through the static library
check_PROGRAMS += tests/unit/mujs_test
tests_unit_mujs_test_SOURCES = tests/unit/mujs_test.c tests/unit/test.h
tests_unit_mujs_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/mujs_order_test
tests_unit_mujs_order_test_SOURCES = tests/unit/mujs_order_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_mujs_order_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_order_test_LDADD = $(MUJS_LIBS) -lm
EXTRA_DIST += tests/suites/mujs.sh
# mujs's interrupt hook (patches 0204, 0804: loops and regex matches) alone,
# then the render budget through the engine on tests/fixtures/budget (built
# with kit-build)
check_PROGRAMS += tests/unit/budget_test
tests_unit_budget_test_SOURCES = tests/unit/budget_test.c tests/unit/test.h
tests_unit_budget_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_budget_test_LDADD = $(HOST_LIBS)
EXTRA_DIST += tests/fixtures/budget
# kit's patches 0200-0203 and 0205 (limits, regex after ')', setPrototypeOf, stack limits), mujs alone
check_PROGRAMS += tests/unit/mujs_limits_test
tests_unit_mujs_limits_test_SOURCES = tests/unit/mujs_limits_test.c tests/unit/test.h
tests_unit_mujs_limits_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_limits_test_LDADD = $(MUJS_LIBS)
# kit's patches 0600-0601 (Proxy, Reflect), mujs alone
check_PROGRAMS += tests/unit/mujs_proxy_test
tests_unit_mujs_proxy_test_SOURCES = tests/unit/mujs_proxy_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_mujs_proxy_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_proxy_test_LDADD = $(MUJS_LIBS)
# kit's patches 0500-0502 (Symbol), mujs alone
check_PROGRAMS += tests/unit/mujs_symbol_test
tests_unit_mujs_symbol_test_SOURCES = tests/unit/mujs_symbol_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_mujs_symbol_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_symbol_test_LDADD = $(MUJS_LIBS)
# intl/'s text services: ICU loaded only when needed, lifetimes through the collector
check_PROGRAMS += tests/unit/intl_text_test
tests_unit_intl_text_test_SOURCES = tests/unit/intl_text_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_intl_text_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_intl_text_test_LDADD = $(TEST_LDADD)
# kit's patches 1100-1102 (the exponent operator, BigInt), mujs alone
check_PROGRAMS += tests/unit/mujs_bigint_test
tests_unit_mujs_bigint_test_SOURCES = tests/unit/mujs_bigint_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_mujs_bigint_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_bigint_test_LDADD = $(MUJS_LIBS)
# kit's patches 0400-0401 (array holes, V8's sort), mujs alone
check_PROGRAMS += tests/unit/mujs_array_test
tests_unit_mujs_array_test_SOURCES = tests/unit/mujs_array_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_mujs_array_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_array_test_LDADD = $(MUJS_LIBS) -lm
# render/seal.c: what inline server actions capture, sealed (docs/actions.md §1)
check_PROGRAMS += tests/unit/seal_test
tests_unit_seal_test_SOURCES = tests/unit/seal_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_seal_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_seal_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/binary_test
tests_unit_binary_test_SOURCES = tests/unit/binary_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_binary_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_binary_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/mujs_function_test
tests_unit_mujs_function_test_SOURCES = tests/unit/mujs_function_test.c tests/unit/test.h tests/unit/mujs_image.h
tests_unit_mujs_function_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_function_test_LDADD = $(MUJS_LIBS)

check_PROGRAMS += tests/unit/mujs_slots_test
tests_unit_mujs_slots_test_SOURCES = tests/unit/mujs_slots_test.c tests/unit/test.h tests/unit/mujs_image.h
tests_unit_mujs_slots_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_mujs_slots_test_LDADD = $(MUJS_LIBS)
# kit's regex engine (mujs/regex/, patches 0800-0801): cases from Node
check_PROGRAMS += tests/unit/regexp_test
tests_unit_regexp_test_SOURCES = tests/unit/regexp_test.c tests/unit/test.h
tests_unit_regexp_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_regexp_test_LDADD = $(MUJS_LIBS)
EXTRA_DIST += tests/unit/regexp_cases.txt tests/unit/regexp_cases.mjs

# --- libraries as published, one page each, against react-dom in Node
# (tests/suites/compat.sh): tests/compat/app, installed by the suite with
# npm ci from its lock
EXTRA_DIST += tests/suites/compat.sh tests/compat/render-node.mjs tests/compat/known-failures.txt \
	tests/compat/app/package.json tests/compat/app/package-lock.json tests/compat/app/src tests/compat/app/posts

# --- examples/blog (tests/suites/example-blog.sh), installed by the suite
# with npm ci from its lock
EXTRA_DIST += tests/suites/example-blog.sh tests/examples/blog-check.mjs examples/blog/package.json \
	examples/blog/package-lock.json examples/blog/tsconfig.json examples/blog/postcss.config.mjs \
	examples/blog/src examples/blog/_posts examples/blog/public

# --- process.env and .env files (tests/suites/env.sh): tests/env/app
EXTRA_DIST += tests/suites/env.sh tests/env/app/package.json tests/env/app/.env tests/env/app/.env.local tests/env/app/src

# --- intl/number.c and intl/plural.c: ICU loaded late, bound functions, V8's messages (the rest: tests/jsdiff)
check_PROGRAMS += tests/unit/intl_number_test
tests_unit_intl_number_test_SOURCES = tests/unit/intl_number_test.c tests/unit/mujs_run.h tests/unit/test.h
tests_unit_intl_number_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_intl_number_test_LDADD = $(TEST_LDADD)

# --- the Next.js-shaped middleware (tests/suites/next-middleware.sh): tests/next-middleware/app
EXTRA_DIST += tests/suites/next-middleware.sh tests/next-middleware/check.mjs \
	tests/next-middleware/app/package.json tests/next-middleware/app/src

# --- examples/i18n (tests/suites/example-i18n.sh), installed by the suite
# with npm ci from its lock
EXTRA_DIST += tests/suites/example-i18n.sh tests/examples/i18n-check.mjs examples/i18n/package.json \
	examples/i18n/package-lock.json examples/i18n/tsconfig.json examples/i18n/src

# --- per-route server bundles (tests/suites/route-bundles.sh, bench/route-bundles.sh):
# an app whose packages make-packages.sh writes into its node_modules.
EXTRA_DIST += tests/suites/route-bundles.sh tests/fixtures/route-bundles

# --- Next.js-only files, exports, directives and imports (tests/suites/next-warnings.sh,
# docs/nextjs.md): an app with one of each, and one with a stand-in next package.
EXTRA_DIST += tests/suites/next-warnings.sh tests/fixtures/next-warnings

# --- kit-new, the manual pages and the Debian package (tests/suites/kit-new.sh,
# man.sh; debian.sh runs under make deb-check)
EXTRA_DIST += tests/suites/kit-new.sh tests/kit-new/check.mjs tests/suites/man.sh tests/suites/debian.sh

# --- the portable kit-fcgi and kit.cgi in a root with glibc only (tests/suites/portable.sh)
EXTRA_DIST += tests/suites/portable.sh tests/portable/README.md tests/portable/routes tests/portable/startup.c tests/portable/cxx.cc
