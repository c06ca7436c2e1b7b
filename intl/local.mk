# intl/ — Intl over ICU, loaded on first use (intl/README.md). Part of
# librender.a: every engine (responders, kit-build, mujs-run) installs it.
librender_a_SOURCES += intl/icu.c intl/icu.h intl/intl.c intl/intl.h
librender_a_CFLAGS += $(ICU_CFLAGS)
