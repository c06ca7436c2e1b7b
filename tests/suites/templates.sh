#!/bin/bash
# templates.sh — server modules' host JSX compiled into templates at build
# time (toolchain/templates.mjs, render/README.md "Templates"): the
# transform alone (tests/templates/transform.mjs: a table of modules run in
# Node before and after it: the same trees, the same order of evaluation,
# the same lines; spread and ref props, components and keyed children left
# as they were). The render of template elements against React's own output
# is tests/conformance (corpus/templates, client-app /templates).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin templates
suite_need node "the transform runs in it"
"${NODE:-node}" "$top_src/tests/templates/transform.mjs" || failed=1
suite_end
