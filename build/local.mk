# build/ — kit-build: route scan, generated files, JS toolchain driving, the
# mujs load check and the build listing (see build/README.md).
bin_PROGRAMS += kit-build
kit_build_SOURCES = \
	build/main.c \
	build/bjson.c build/bjson.h \
	build/bundle.c build/bundle.h \
	build/config.c build/config.h \
	build/diag.c build/diag.h \
	build/emit.c build/emit.h \
	build/hostgen.c build/hostgen.h \
	build/jscache.c build/jscache.h \
	build/nextconv.c build/nextconv.h \
	build/nextmw.c build/nextmw.h \
	build/outdir.c build/outdir.h \
	build/prerender.c build/prerender.h \
	build/publish.c build/publish.h \
	build/scan.c build/scan.h build/metafiles.c build/metafiles.h \
	build/verify.c build/verify.h \
	build/webuse.c build/webuse.h \
	build/www.c build/www.h
kit_build_CFLAGS = $(AM_CFLAGS) $(MUJS_CFLAGS) $(SQLITE_CFLAGS)
kit_build_CPPFLAGS = $(AM_CPPFLAGS) -DKIT_NODE='"$(NODE)"'
kit_build_LDADD = librender.a libstore.a $(MUJS_LIBS) $(SQLITE_LIBS) -lm

# kit-typegen: the generated type and action files without a whole build
bin_PROGRAMS += kit-typegen
kit_typegen_SOURCES = \
	build/typegen.c \
	build/bjson.c build/bjson.h \
	build/config.c build/config.h \
	build/diag.c build/diag.h \
	build/emit.c build/emit.h \
	build/hostgen.c build/hostgen.h \
	build/outdir.c build/outdir.h \
	build/scan.c build/scan.h build/metafiles.c build/metafiles.h
kit_typegen_CFLAGS = $(AM_CFLAGS) $(MUJS_CFLAGS)
kit_typegen_LDADD = librender.a $(MUJS_LIBS) -lm
EXTRA_DIST += build/README.md
