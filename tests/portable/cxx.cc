// cxx.cc — linked as kit-fcgi and kit.cgi link ICU's C++ runtime
// (libstdc++.a, -static-libgcc, portable/glibc-compat.o) and run in the
// root by tests/suites/portable.sh: an exception is caught (libgcc's
// unwinder finds the tables through glibc-compat.c's _dl_find_object) and
// std::random_device reads getentropy and arc4random (glibc-compat.c's).
#include <cstdio>
#include <random>
#include <stdexcept>

int main()
{
	try {
		throw std::runtime_error("thrown");
	} catch (const std::exception &e) {
		std::printf("caught: %s\n", e.what());
	}
	for (const char *token : { "getentropy", "arc4random" }) {
		try {
			std::random_device rd(token);
			unsigned a = rd(), b = rd();
			std::printf("%s: %s\n", token, a != b ? "two values" : "the same value twice");
		} catch (const std::exception &e) {
			std::printf("%s: %s\n", token, e.what());
		}
	}
	return 0;
}
