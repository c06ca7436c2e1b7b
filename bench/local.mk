# bench/ — see bench/README.md
