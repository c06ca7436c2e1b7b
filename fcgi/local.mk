# fcgi — see fcgi/README.md
