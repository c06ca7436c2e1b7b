# toolchain — see toolchain/README.md
