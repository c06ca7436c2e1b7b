#!/bin/bash
# http-lighttpd.sh — kit behind lighttpd (mod_fastcgi, bin-path), configured by contrib/lighttpd/ through
# kit-serve: routing, static files, /__rsc/host-call refusals, streaming,
# responder lifecycle, and every route of examples/hello (tests/lib/http-suite.sh).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"
http_suite lighttpd
