# portable/ — kit-fcgi and kit.cgi for any x86-64 Linux with glibc 2.17 or
# newer (portable/README.md). The objects are the usual ones; only the link
# differs: portable/glibc-compat.o binds every glibc function to a version
# of 2.17 or older, SQLite and libfcgi come from their static archives, ICU
# too (portable/icu-static.o replaces intl/icu.o of librender.a: the Intl
# tables bind to the linked functions, not to dlopen's; the C++ runtime ICU
# needs is linked statically: libstdc++.a, -static-libgcc), and
# libpthread.so.0 and libdl.so.2 are named (glibc before 2.34 keeps
# pthread_create and dlopen there). check-glibc.sh fails the build when the
# result needs anything else.
#
#   make portable            portable/kit-fcgi and portable/kit.cgi, in any configuration
#   ./configure --enable-portable
#                            the kit-fcgi and kit.cgi that make builds and installs are these
PORTABLE_HOST_LIBS = portable/glibc-compat.o portable/icu-static.o libhost.a libstore.a librender.a $(MUJS_LIBS) $(KIT_PORTABLE_SQLITE)
PORTABLE_SYSTEM_LIBS = $(KIT_PORTABLE_ICU) $(KIT_PORTABLE_STDCXX) -lm $(KIT_PORTABLE_PTHREAD) $(KIT_PORTABLE_DL)
# a toolchain linking --as-needed would drop the two: nothing calls them by their default version
PORTABLE_LD_OPTIONS = -Wl,--no-as-needed -static-libgcc
PORTABLE_CHECK = $(SHELL) $(srcdir)/portable/check-glibc.sh

portable/glibc-compat.o: $(srcdir)/portable/glibc-compat.c
	@$(MKDIR_P) portable
	$(AM_V_CC)$(COMPILE) -fno-builtin -c -o $@ $(srcdir)/portable/glibc-compat.c

# the ICU functions the Intl files' tables name (KIT_ICU_SYM), and their
# headers; remade when librender.a is (a changed Intl file)
portable/icu-list.h: librender.a $(srcdir)/portable/icu-list.sh
	@$(MKDIR_P) portable
	$(AM_V_GEN)$(SHELL) $(srcdir)/portable/icu-list.sh $(srcdir)/intl/*.c $(srcdir)/intl/*.h >$@.tmp && mv $@.tmp $@
portable/icu-static.o: $(srcdir)/portable/icu-static.c portable/icu-list.h $(srcdir)/intl/icu.h libmujs.a
	@$(MKDIR_P) portable
	$(AM_V_CC)$(COMPILE) $(MUJS_CFLAGS) $(ICU_CFLAGS) -c -o $@ $(srcdir)/portable/icu-static.c

portable/kit-fcgi: fcgi/kit_fcgi-kit-fcgi.o portable/glibc-compat.o portable/icu-static.o libhost.a libstore.a librender.a libmujs.a libkitregex.a $(srcdir)/portable/check-glibc.sh
	$(AM_V_CCLD)$(LINK) $(PORTABLE_LD_OPTIONS) fcgi/kit_fcgi-kit-fcgi.o $(PORTABLE_HOST_LIBS) $(KIT_PORTABLE_FCGI) $(PORTABLE_SYSTEM_LIBS)
	@$(PORTABLE_CHECK) $@ || { rm -f $@; exit 1; }
portable/kit.cgi: cgi-bin/kit-cgi.o portable/glibc-compat.o portable/icu-static.o libhost.a libstore.a librender.a libmujs.a libkitregex.a $(srcdir)/portable/check-glibc.sh
	$(AM_V_CCLD)$(LINK) $(PORTABLE_LD_OPTIONS) cgi-bin/kit-cgi.o $(PORTABLE_HOST_LIBS) $(PORTABLE_SYSTEM_LIBS)
	@$(PORTABLE_CHECK) $@ || { rm -f $@; exit 1; }
portable: portable/kit-fcgi portable/kit.cgi
.PHONY: portable

# --enable-portable: the installed programs are linked this way
# (fcgi/local.mk, cgi-bin/local.mk) and checked as soon as they are built.
if KIT_PORTABLE
noinst_DATA = portable/glibc-check.stamp
portable/glibc-check.stamp: kit-fcgi$(EXEEXT) kit.cgi$(EXEEXT) $(srcdir)/portable/check-glibc.sh
	@$(MKDIR_P) portable
	$(AM_V_GEN)$(PORTABLE_CHECK) kit-fcgi$(EXEEXT) kit.cgi$(EXEEXT) && touch $@
endif

CLEANFILES += portable/glibc-compat.o portable/icu-static.o portable/icu-list.h portable/kit-fcgi portable/kit.cgi portable/glibc-check.stamp
EXTRA_DIST += portable/README.md portable/glibc-compat.c portable/check-glibc.sh portable/icu-static.c portable/icu-list.sh
