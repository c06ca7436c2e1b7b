/* glibc-compat.c — what lets kit-fcgi and kit.cgi, built on a new glibc,
 * run on any x86-64 glibc from 2.17 on (configure --enable-portable).
 *
 * A program linked against glibc asks for each library function at the
 * version its name had at link time: Debian 12's glibc 2.36 gives stat@2.33
 * (stat was an inline wrapper of __xstat before), pthread_create@2.34 and
 * dlopen@2.34 (libpthread and libdl merged into libc), pow@2.29 (new error
 * handling), __libc_start_main@2.34 (from the C runtime start file), and so
 * on. An older glibc refuses to start such a program.
 *
 * Static archives carry no versions: an object file only names the function.
 * The version is chosen when the program is linked. So this file defines each
 * function that would be bound to a version newer than 2.17, and each
 * definition calls the oldest version of it (`.symver NAME, real@GLIBC_x`),
 * whose code a new glibc still has. Every object of the program (kit's, the
 * static SQLite and libfcgi of the distribution, the start file) then links
 * to these definitions. They are hidden: the program exports none of them,
 * so the dynamic linker cannot bind the versioned calls below back to them.
 *
 * The program also names libpthread.so.0 and libdl.so.2 (portable/local.mk),
 * where glibc before 2.34 keeps pthread_create and dlopen. portable/check-glibc.sh
 * fails the build when a version newer than 2.17 is still required; a new
 * one is handled by adding its function here. */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define KIT_COMPAT __attribute__((visibility("hidden")))
#define KIT_OLD(name, real, version) __asm__(".symver " #name ", " #real "@" version)

/* --- the C runtime start: from 2.34 on, __libc_start_main runs the
 * program's constructors itself when its caller passes no init function,
 * and the start file (Scrt1.o) passes none; before 2.34 it ran only the
 * function passed. So the wrapper passes one running the constructors
 * (_init of crti.o, then .init_array), on either glibc. */
typedef int (*kit_main_fn)(int, char **, char **);
int kit_old_libc_start_main(kit_main_fn, int, char **, void (*)(int, char **, char **),
			    void (*)(void), void (*)(void), void *);
KIT_OLD(kit_old_libc_start_main, __libc_start_main, "GLIBC_2.2.5");

extern void (*__init_array_start[])(int, char **, char **) __attribute__((visibility("hidden")));
extern void (*__init_array_end[])(int, char **, char **) __attribute__((visibility("hidden")));
extern void _init(void);

static void run_constructors(int argc, char **argv, char **envp)
{
	_init();
	for (size_t i = 0; i < (size_t)(__init_array_end - __init_array_start); i++)
		__init_array_start[i](argc, argv, envp);
}

KIT_COMPAT int __libc_start_main(kit_main_fn main_fn, int argc, char **argv,
				 void (*init)(int, char **, char **), void (*fini)(void),
				 void (*rtld_fini)(void), void *stack_end)
{
	(void)init;
	(void)fini;
	return kit_old_libc_start_main(main_fn, argc, argv, run_constructors, NULL, rtld_fini, stack_end);
}

/* --- stat and friends: before 2.33 libc exported only __xstat(version, ...),
 * and <sys/stat.h> called it inline. Version 1 is x86-64's struct stat. */
#define KIT_STAT_VER 1
int kit_old_xstat(int, const char *, struct stat *);
int kit_old_lxstat(int, const char *, struct stat *);
int kit_old_fxstat(int, int, struct stat *);
KIT_OLD(kit_old_xstat, __xstat, "GLIBC_2.2.5");
KIT_OLD(kit_old_lxstat, __lxstat, "GLIBC_2.2.5");
KIT_OLD(kit_old_fxstat, __fxstat, "GLIBC_2.2.5");

KIT_COMPAT int stat(const char *restrict path, struct stat *restrict buf)
{
	return kit_old_xstat(KIT_STAT_VER, path, buf);
}
KIT_COMPAT int lstat(const char *restrict path, struct stat *restrict buf)
{
	return kit_old_lxstat(KIT_STAT_VER, path, buf);
}
KIT_COMPAT int fstat(int fd, struct stat *buf)
{
	return kit_old_fxstat(KIT_STAT_VER, fd, buf);
}
/* On x86-64 struct stat64 is struct stat. */
KIT_COMPAT int stat64(const char *restrict path, struct stat64 *restrict buf)
{
	return kit_old_xstat(KIT_STAT_VER, path, (struct stat *)buf);
}
KIT_COMPAT int lstat64(const char *restrict path, struct stat64 *restrict buf)
{
	return kit_old_lxstat(KIT_STAT_VER, path, (struct stat *)buf);
}
KIT_COMPAT int fstat64(int fd, struct stat64 *buf)
{
	return kit_old_fxstat(KIT_STAT_VER, fd, (struct stat *)buf);
}

/* --- fcntl64 (2.28) is fcntl on x86-64; its one optional argument is an
 * int or a pointer, passed in the same register. */
int kit_old_fcntl(int, int, ...);
KIT_OLD(kit_old_fcntl, fcntl, "GLIBC_2.2.5");
KIT_COMPAT int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	va_start(ap, cmd);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	return kit_old_fcntl(fd, cmd, arg);
}

/* --- getrandom (2.25): the system call itself (Linux 3.17 on), and on an
 * older kernel /dev/urandom. */
KIT_COMPAT ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	long got = syscall(SYS_getrandom, buf, len, flags);
	if (got >= 0 || errno != ENOSYS)
		return got;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	got = read(fd, buf, len);
	int saved = errno;
	close(fd);
	errno = saved;
	return got;
}

/* --- libm: exp, log and pow got new versions in 2.29 (no SVID error
 * handling); the old ones compute the same values. */
double kit_old_exp(double);
double kit_old_log(double);
double kit_old_pow(double, double);
float kit_old_expf(float);
KIT_OLD(kit_old_exp, exp, "GLIBC_2.2.5");
KIT_OLD(kit_old_expf, expf, "GLIBC_2.2.5");
KIT_OLD(kit_old_log, log, "GLIBC_2.2.5");
KIT_OLD(kit_old_pow, pow, "GLIBC_2.2.5");
KIT_COMPAT double exp(double x)
{
	return kit_old_exp(x);
}
KIT_COMPAT double log(double x)
{
	return kit_old_log(x);
}
KIT_COMPAT double pow(double x, double y)
{
	return kit_old_pow(x, y);
}
/* expf (2.27, ICU's) likewise */
KIT_COMPAT float expf(float x)
{
	return kit_old_expf(x);
}

/* --- libdl (merged into libc in 2.34). */
void *kit_old_dlopen(const char *, int);
void *kit_old_dlsym(void *restrict, const char *restrict);
char *kit_old_dlerror(void);
int kit_old_dlclose(void *);
KIT_OLD(kit_old_dlopen, dlopen, "GLIBC_2.2.5");
KIT_OLD(kit_old_dlsym, dlsym, "GLIBC_2.2.5");
KIT_OLD(kit_old_dlerror, dlerror, "GLIBC_2.2.5");
KIT_OLD(kit_old_dlclose, dlclose, "GLIBC_2.2.5");
KIT_COMPAT void *dlopen(const char *file, int mode)
{
	return kit_old_dlopen(file, mode);
}
KIT_COMPAT void *dlsym(void *restrict handle, const char *restrict name)
{
	return kit_old_dlsym(handle, name);
}
KIT_COMPAT char *dlerror(void)
{
	return kit_old_dlerror();
}
KIT_COMPAT int dlclose(void *handle)
{
	return kit_old_dlclose(handle);
}

/* --- libpthread (merged into libc in 2.34; pthread_sigmask moved in 2.32). */
int kit_old_pthread_create(pthread_t *restrict, const pthread_attr_t *restrict,
			   void *(*)(void *), void *restrict);
int kit_old_pthread_join(pthread_t, void **);
int kit_old_pthread_kill(pthread_t, int);
int kit_old_pthread_sigmask(int, const sigset_t *restrict, sigset_t *restrict);
int kit_old_pthread_mutex_trylock(pthread_mutex_t *);
int kit_old_pthread_mutexattr_init(pthread_mutexattr_t *);
int kit_old_pthread_mutexattr_destroy(pthread_mutexattr_t *);
int kit_old_pthread_mutexattr_settype(pthread_mutexattr_t *, int);
int kit_old_pthread_key_create(pthread_key_t *, void (*)(void *));
int kit_old_pthread_key_delete(pthread_key_t);
void *kit_old_pthread_getspecific(pthread_key_t);
/* like <pthread.h>'s: the value is stored, never read through */
int kit_old_pthread_setspecific(pthread_key_t, const void *) __attribute__((access(none, 2)));
int kit_old_pthread_once(pthread_once_t *, void (*)(void));
KIT_OLD(kit_old_pthread_create, pthread_create, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_join, pthread_join, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_kill, pthread_kill, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_sigmask, pthread_sigmask, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_mutex_trylock, pthread_mutex_trylock, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_mutexattr_init, pthread_mutexattr_init, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_mutexattr_destroy, pthread_mutexattr_destroy, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_mutexattr_settype, pthread_mutexattr_settype, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_key_create, pthread_key_create, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_key_delete, pthread_key_delete, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_getspecific, pthread_getspecific, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_setspecific, pthread_setspecific, "GLIBC_2.2.5");
KIT_OLD(kit_old_pthread_once, pthread_once, "GLIBC_2.2.5");
KIT_COMPAT int pthread_create(pthread_t *restrict thread, const pthread_attr_t *restrict attr,
			      void *(*start)(void *), void *restrict arg)
{
	return kit_old_pthread_create(thread, attr, start, arg);
}
KIT_COMPAT int pthread_join(pthread_t thread, void **result)
{
	return kit_old_pthread_join(thread, result);
}
KIT_COMPAT int pthread_kill(pthread_t thread, int sig)
{
	return kit_old_pthread_kill(thread, sig);
}
KIT_COMPAT int pthread_sigmask(int how, const sigset_t *restrict set, sigset_t *restrict old)
{
	return kit_old_pthread_sigmask(how, set, old);
}
KIT_COMPAT int pthread_mutex_trylock(pthread_mutex_t *mutex)
{
	return kit_old_pthread_mutex_trylock(mutex);
}
KIT_COMPAT int pthread_mutexattr_init(pthread_mutexattr_t *attr)
{
	return kit_old_pthread_mutexattr_init(attr);
}
KIT_COMPAT int pthread_mutexattr_destroy(pthread_mutexattr_t *attr)
{
	return kit_old_pthread_mutexattr_destroy(attr);
}
KIT_COMPAT int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind)
{
	return kit_old_pthread_mutexattr_settype(attr, kind);
}
/* The C++ runtime's (libstdc++.a, for ICU): thread-specific keys and
 * pthread_once, also merged in 2.34; __pthread_key_create is the name
 * libstdc++ checks for threads. */
KIT_COMPAT int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	return kit_old_pthread_key_create(key, destructor);
}
KIT_COMPAT int __pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	return kit_old_pthread_key_create(key, destructor);
}
KIT_COMPAT int pthread_key_delete(pthread_key_t key)
{
	return kit_old_pthread_key_delete(key);
}
KIT_COMPAT void *pthread_getspecific(pthread_key_t key)
{
	return kit_old_pthread_getspecific(key);
}
KIT_COMPAT int pthread_setspecific(pthread_key_t key, const void *value)
{
	return kit_old_pthread_setspecific(key, value);
}
KIT_COMPAT int pthread_once(pthread_once_t *once, void (*init)(void))
{
	return kit_old_pthread_once(once, init);
}

/* --- what the C++ runtime (libstdc++.a, libgcc_eh.a) asks of a new glibc.
 *
 * __libc_single_threaded (2.32): a variable libstdc++ reads to skip atomic
 * operations while the process has one thread. 0 here: always atomic, as
 * on a glibc without it. */
KIT_COMPAT char __libc_single_threaded = 0;

/* getentropy (2.25) and arc4random (2.36), std::random_device's: the
 * getrandom above. */
KIT_COMPAT int getentropy(void *buf, size_t len)
{
	if (len > 256) {
		errno = EIO;
		return -1;
	}
	for (size_t got = 0; got < len;) {
		ssize_t n = getrandom((char *)buf + got, len - got, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	return 0;
}
KIT_COMPAT uint32_t arc4random(void)
{
	uint32_t v = 0;
	if (getentropy(&v, sizeof v) < 0)
		abort();  /* glibc's arc4random cannot fail either */
	return v;
}

/* _dl_find_object (2.35, of ld.so): the unwinder's way to the exception
 * tables (PT_GNU_EH_FRAME) of the object holding an address; here through
 * dl_iterate_phdr, the way it took before. */
struct kit_find {
	uintptr_t pc;
	struct dl_find_object *result;
};
static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct kit_find *f = data;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	void *eh_frame = NULL;
	int holds = 0;
	(void)size;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD) {
			if (f->pc >= start && f->pc < start + ph->p_memsz)
				holds = 1;
			if (start < lo)
				lo = start;
			if (start + ph->p_memsz > hi)
				hi = start + ph->p_memsz;
		} else if (ph->p_type == PT_GNU_EH_FRAME) {
			eh_frame = (void *)start;
		}
	}
	if (!holds)
		return 0;
	memset(f->result, 0, sizeof *f->result);
	f->result->dlfo_map_start = (void *)lo;
	f->result->dlfo_map_end = (void *)hi;
	f->result->dlfo_eh_frame = eh_frame;
	return 1;
}
KIT_COMPAT int _dl_find_object(void *address, struct dl_find_object *result)
{
	struct kit_find f = { (uintptr_t)address, result };
	return dl_iterate_phdr(find_object, &f) ? 0 : -1;
}
