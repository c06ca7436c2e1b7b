# mujs/ — the JavaScript engine, built from the pinned Debian source package
# with kit's patch series (mujs/README.md), linked statically into every
# program. configure finds the source package (MUJS_SOURCE_DIR, checked
# against mujs/SHA256SUMS); mujs/src/ in the build tree holds it unpacked and
# patched.
MUJS_ORIG = $(MUJS_SOURCE_DIR)/mujs_1.3.2.orig.tar.xz
MUJS_PATCHES = $(srcdir)/mujs/patches/series \
	$(srcdir)/mujs/patches/0001-weak-numbertostring.patch \
	$(srcdir)/mujs/patches/0002-vartab-null.patch \
	$(srcdir)/mujs/patches/0003-signed-integer-strings.patch \
	$(srcdir)/mujs/patches/0101-property-order.patch \
	$(srcdir)/mujs/patches/0102-delete-keeps-accessors.patch \
	$(srcdir)/mujs/patches/0103-forin-index-copy.patch \
	$(srcdir)/mujs/patches/0104-propertyisenumerable-indices.patch \
	$(srcdir)/mujs/patches/0200-wide-instructions.patch \
	$(srcdir)/mujs/patches/0201-local-names-by-hash.patch \
	$(srcdir)/mujs/patches/0202-regexp-after-statement-head.patch \
	$(srcdir)/mujs/patches/0203-set-prototype-of.patch \
	$(srcdir)/mujs/patches/0600-proxy.patch \
	$(srcdir)/mujs/patches/0601-reflect.patch \
	$(srcdir)/mujs/patches/0500-symbol-type.patch \
	$(srcdir)/mujs/patches/0501-well-known-symbols.patch \
	$(srcdir)/mujs/patches/0502-json-lone-surrogates.patch \
	$(srcdir)/mujs/patches/0400-array-holes.patch \
	$(srcdir)/mujs/patches/0401-timsort.patch \
	$(srcdir)/mujs/patches/0402-number-parsing.patch \
	$(srcdir)/mujs/patches/0403-number-formatting.patch \
	$(srcdir)/mujs/patches/0700-property-names-inline.patch \
	$(srcdir)/mujs/patches/0701-inline-name-compare.patch \
	$(srcdir)/mujs/patches/0702-accessor-block.patch \
	$(srcdir)/mujs/patches/0703-string-object-not-interned.patch \
	$(srcdir)/mujs/patches/0900-uri-utf16.patch \
	$(srcdir)/mujs/patches/0300-function-source-text.patch \
	$(srcdir)/mujs/patches/0301-function-name.patch \
	$(srcdir)/mujs/patches/0302-bind.patch \
	$(srcdir)/mujs/patches/0303-error-stack-cause.patch \
	$(srcdir)/mujs/patches/0204-interrupt-hook.patch \
	$(srcdir)/mujs/patches/0205-stack-limits.patch \
	$(srcdir)/mujs/patches/0800-regex-engine.patch \
	$(srcdir)/mujs/patches/0801-string-pattern-methods.patch \
	$(srcdir)/mujs/patches/0802-regexp-symbol-methods.patch \
	$(srcdir)/mujs/patches/0803-regexp-legacy-statics.patch \
	$(srcdir)/mujs/patches/0804-regex-interrupt.patch \
	$(srcdir)/mujs/patches/0805-regexp-prototype-accessors.patch \
	$(srcdir)/mujs/patches/1100-exponent-operator.patch \
	$(srcdir)/mujs/patches/1101-bigint-type.patch \
	$(srcdir)/mujs/patches/1102-bigint-literals.patch \
	$(srcdir)/mujs/patches/1350-local-time-per-instant.patch \
	$(srcdir)/mujs/patches/1351-v8-date-parser.patch \
	$(srcdir)/mujs/patches/1352-date-constructor-arguments.patch \
	$(srcdir)/mujs/patches/1000-typed-arrays.patch \
	$(srcdir)/mujs/patches/1001-array-copying-methods.patch \
	$(srcdir)/mujs/patches/1002-weakref.patch \
	$(srcdir)/mujs/patches/1003-object-pointer.patch \
	$(srcdir)/mujs/patches/1004-shared-array-buffer-atomics.patch \
	$(srcdir)/mujs/patches/1005-bigint64-arrays.patch \
	$(srcdir)/mujs/patches/1006-bigint64-atomics.patch \
	$(srcdir)/mujs/patches/1007-itoa-int-min.patch \
	$(srcdir)/mujs/patches/1420-function-location.patch \
	$(srcdir)/mujs/patches/1570-parse-nodes-in-blocks.patch \
	$(srcdir)/mujs/patches/1520-own-values.patch \
	$(srcdir)/mujs/patches/1521-array-length-read.patch \
	$(srcdir)/mujs/patches/1522-object-literal-define.patch \
	$(srcdir)/mujs/patches/1523-prototype-pointer.patch \
	$(srcdir)/mujs/patches/1540-compiled-code-cache.patch \
	$(srcdir)/mujs/patches/1541-intern-hash.patch \
	$(srcdir)/mujs/patches/1620-date-huge-year.patch \
	$(srcdir)/mujs/patches/1670-date-utc-full-year.patch \
	$(srcdir)/mujs/patches/1671-date-integer-parts.patch \
	$(srcdir)/mujs/patches/1672-string-search-linear.patch \
	$(srcdir)/mujs/patches/1673-date-constructor-undefined.patch \
	$(srcdir)/mujs/patches/1650-json-plain-objects.patch \
	$(srcdir)/mujs/patches/1651-json-ascii-runs.patch \
	$(srcdir)/mujs/patches/1652-json-property-list.patch \
	$(srcdir)/mujs/patches/1653-variable-cache.patch \
	$(srcdir)/mujs/patches/1654-buffer-copy-whole.patch \
	$(srcdir)/mujs/patches/1630-array-literal-append.patch \
	$(srcdir)/mujs/patches/1720-closure-properties-direct.patch \
	$(srcdir)/mujs/patches/1700-primitive-property-read.patch \
	$(srcdir)/mujs/patches/1701-toobject-object-first.patch \
	$(srcdir)/mujs/patches/1721-date-setters-arguments.patch \
	$(srcdir)/mujs/patches/1722-string-array-methods.patch \
	$(srcdir)/mujs/patches/1710-local-slots.patch \
	$(srcdir)/mujs/patches/1723-object-primitives.patch \
	$(srcdir)/mujs/patches/1724-array-append.patch \
	$(srcdir)/mujs/patches/1725-new-object-proto.patch \
	$(srcdir)/mujs/patches/1726-variable-cache-small.patch
MUJS_CFLAGS = -I$(top_builddir)/mujs/src
MUJS_LIBS = libmujs.a libkitregex.a -lm

noinst_LIBRARIES += libmujs.a
nodist_libmujs_a_SOURCES = mujs/src/one.c
libmujs_a_CPPFLAGS = -I$(top_builddir)/mujs/src -I$(top_srcdir)
# mujs's own code, not ours: its flags (C99), the sanitizers when kit has them, no -Werror
libmujs_a_CFLAGS = -std=c99 -O2 -fno-strict-aliasing $(KIT_SAN_CFLAGS) -w
BUILT_SOURCES += mujs/src/one.c
mujs/src/one.c: $(MUJS_ORIG) $(MUJS_PATCHES) $(srcdir)/mujs/apply-patches.sh
	$(AM_V_GEN)$(SHELL) $(srcdir)/mujs/apply-patches.sh $(MUJS_ORIG) $(srcdir)/mujs/patches mujs/src && touch $@
DISTCLEANFILES += mujs/src/*.c mujs/src/*.h
EXTRA_DIST += mujs/README.md mujs/SHA256SUMS mujs/fetch.sh mujs/apply-patches.sh $(MUJS_PATCHES)

# kit's regular expression engine (mujs/regex/README.md): kit's code and
# flags; patch 0800 makes mujs's RegExp call it. unicode.c is generated by
# unicode.mjs from Node and committed.
noinst_LIBRARIES += libkitregex.a
libkitregex_a_SOURCES = mujs/regex/regex.c mujs/regex/regex.h mujs/regex/unicode.c mujs/regex/unicode.h
EXTRA_DIST += mujs/regex/unicode.mjs
