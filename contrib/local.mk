# contrib — see contrib/README.md
