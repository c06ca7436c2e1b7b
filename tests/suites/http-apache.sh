#!/bin/bash
# http-apache.sh — kit behind Apache (mod_fcgid), configured by contrib/apache/ through
# kit-serve: routing, static files, /__rsc/host-call refusals, streaming,
# responder lifecycle, and every route of examples/hello (tests/lib/http-suite.sh).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"
http_suite apache
