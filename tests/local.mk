# tests/ — `make check` builds the unit tests and runs tests/run, which runs
# every test (unit, conformance, integration) and prints "N passed, N failed".
TEST_CPPFLAGS = $(AM_CPPFLAGS) $(MUJS_CFLAGS)
TEST_LDADD = librender.a $(MUJS_LIBS) -lm

check-local: all $(check_PROGRAMS)
	KIT_TOP_SRCDIR=$(abs_top_srcdir) KIT_TOP_BUILDDIR=$(abs_top_builddir) \
	  $(SHELL) $(top_srcdir)/tests/run

EXTRA_DIST += tests/run

# --- encoders (render/json.c, render/flight.c, render/html.c)
check_PROGRAMS += tests/unit/json_test
tests_unit_json_test_SOURCES = tests/unit/json_test.c tests/unit/test.h
tests_unit_json_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_json_test_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/unit/flight_test
tests_unit_flight_test_SOURCES = tests/unit/flight_test.c tests/unit/test.h
tests_unit_flight_test_CPPFLAGS = $(TEST_CPPFLAGS)
tests_unit_flight_test_LDADD = $(TEST_LDADD)
