# build — see build/README.md
