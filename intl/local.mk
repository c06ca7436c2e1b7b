# intl/ — Intl over ICU, loaded on first use (intl/README.md). Part of
# librender.a: every engine (responders, kit-build, mujs-run) installs it.
librender_a_SOURCES += intl/icu.c intl/icu.h intl/intl.c intl/intl.h
librender_a_SOURCES += intl/text.c intl/text.h intl/collator.c intl/list.c intl/segmenter.c intl/displaynames.c intl/locale.c intl/values.c
librender_a_SOURCES += intl/number.c intl/number.h intl/plural.c
librender_a_SOURCES += intl/datetime.c intl/reltime.c
librender_a_CFLAGS += $(ICU_CFLAGS)
