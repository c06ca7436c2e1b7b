# cgi-bin/ — kit.cgi: the host as plain CGI.
bin_PROGRAMS += kit.cgi
kit_cgi_SOURCES = cgi-bin/kit-cgi.c
if KIT_PORTABLE
kit_cgi_LDFLAGS = $(AM_LDFLAGS) $(PORTABLE_LD_OPTIONS)
kit_cgi_LDADD = $(PORTABLE_HOST_LIBS) $(PORTABLE_SYSTEM_LIBS)
else
kit_cgi_LDFLAGS = $(AM_LDFLAGS)
kit_cgi_LDADD = $(HOST_LIBS)
endif
