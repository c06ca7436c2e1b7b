# cgi-bin — see cgi-bin/README.md
