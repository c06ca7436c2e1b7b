# cgi-bin/ — kit.cgi: the host as plain CGI.
bin_PROGRAMS += kit.cgi
kit_cgi_SOURCES = cgi-bin/kit-cgi.c
kit_cgi_LDADD = $(HOST_LIBS)
