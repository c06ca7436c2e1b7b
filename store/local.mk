# store/ — the SQLite store of build-time renders (store/README.md).
noinst_LIBRARIES += libstore.a
libstore_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS)
libstore_a_SOURCES = store/store.c store/store.h
EXTRA_DIST += store/README.md

check_PROGRAMS += tests/unit/store_test
tests_unit_store_test_SOURCES = tests/unit/store_test.c tests/unit/test.h
tests_unit_store_test_CPPFLAGS = $(AM_CPPFLAGS)
tests_unit_store_test_LDADD = libstore.a $(SQLITE_LIBS)
