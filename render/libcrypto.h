/* libcrypto.h — OpenSSL's libcrypto, loaded when a caller first needs it
 * (not public).
 *
 * crypto.subtle.digest (binary.c) and the sealing of inline actions'
 * captured values (seal.c) use it; most processes never do, so nothing
 * links it: like libcurl (curl.h), it is dlopened once per process, and
 * each caller binds the functions it calls into its own table. */
#ifndef KIT_LIBCRYPTO_H
#define KIT_LIBCRYPTO_H

#include <stddef.h>

typedef struct kit_crypto_sym {
	const char *name;  /* "EVP_Digest" */
	void **slot;       /* where its address goes */
} kit_crypto_sym;

/* Loads libcrypto the first time (libcrypto.so.3, else .so.1.1) and fills
 * every slot. 0; -1 when the library cannot be loaded (err: dlerror's
 * message); -2 when it lacks a symbol (err: the symbol's name). */
int kit_crypto_bind(const kit_crypto_sym *syms, size_t n, char *err, size_t errlen);

#endif
