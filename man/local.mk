# man/ — a manual page per installed tool (section 1). Each lists every
# option its tool's --help prints, and no other: tests/suites/man.sh
# compares them.
dist_man_MANS = man/kit-build.1 man/kit-serve.1 man/kit-new.1 man/kit-typegen.1 \
	man/kit-fcgi.1 man/kit.cgi.1
