/* startup.c — linked with portable/glibc-compat.o by tests/suites/portable.sh
 * and run in the glibc-only root: the program's constructors run once before
 * main (glibc-compat.c's __libc_start_main passes them to the old one), its
 * destructors and atexit handlers at exit, and the wrapped calls work. */
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>

static int constructed;

__attribute__((constructor)) static void construct(void)
{
	constructed++;
}

__attribute__((destructor)) static void destruct(void)
{
	printf("destructor ran\n");
}

static void at_exit(void)
{
	printf("atexit ran\n");
}

static void *thread_main(void *arg)
{
	return arg;
}

int main(int argc, char **argv)
{
	atexit(at_exit);
	printf("constructors: %d\n", constructed);
	struct stat st;
	printf("stat: %d\n", stat(argv[0], &st) == 0 && st.st_size > 0);
	unsigned char bytes[8];
	printf("getrandom: %d\n", getrandom(bytes, sizeof bytes, 0) == (ssize_t)sizeof bytes);
	volatile double x = argc + 1.0;
	printf("pow: %g\n", pow(x, 10.0));
	pthread_t t;
	static int token;
	void *res = NULL;
	printf("thread: %d\n", pthread_create(&t, NULL, thread_main, &token) == 0 && pthread_join(t, &res) == 0 && res == &token);
	void *none = dlopen("libkit-absent.so", RTLD_NOW);
	printf("dlopen: %s\n", none ? "loaded" : dlerror());
	return 0;
}
